"""The rules a hand is replayed under: one frozen ``Rules`` value, every knob declared once here.

Rooms differ only in data (STYLE S2): ``ROOM_RULES`` maps a room name to its ``Rules``, and
``rules_for(hand)`` picks the rules for a hand by room, limit and game. The engine never imports a
parser module; room names are plain strings (``Hand.room``).

Blind amounts are *not* rules: they are read from the log (PokerStars ``$0.25/$0.50`` Badugi posts
``$0.10/$0.25``), so ``Rules`` only says how blinds relate to the bet unit when the log is silent.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .games import BADUGI_GAME, Game, get_game
from .record import Hand, Limit


ODD_CHIP_RULES = ("left_of_button",)
"""Odd-chip rules the engine knows: the first tied player clockwise from the button."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Settings of the game as a room deals it. Defaults are the game's standard description."""

    cap_bets: int | None = 4
    """Fixed limit: most bets in one round, the opening bet (or the big blind pre-draw) included.
    4 = bet + 3 raises. ``None`` = uncapped. Pot/no limit games are never capped."""

    heads_up_uncapped: bool = False
    """Fixed limit: lift the cap while only two players are left in the hand. PokerStars keeps the
    cap heads-up (a real tournament hand caps a two-player round at 4 bets)."""

    allin_reopen_fraction: tuple[int, int] = (1, 2)
    """Fixed limit: an all-in raise of at least this fraction of the bet unit counts as a full raise
    (reopens the betting, counts toward the cap, and the next raise completes to the next full
    level). A smaller all-in neither reopens nor counts."""

    nl_min_raise_is_last_raise: bool = True
    """Pot / half-pot / no limit: a raise must be at least the previous full raise (and at least the
    big blind); an all-in below that is legal but does not reopen the betting."""

    odd_chip: str = "left_of_button"
    """Where the odd chip of a split pot goes: ``left_of_button`` = the first tied player clockwise
    from the button (the standard rule). The only value the engine knows today."""

    odd_chip_unit: int = 1
    """The smallest chip a pot is split into, in minor units (1 cent / 1 chip)."""

    split_odd_chip_half: int = 1
    """Split-pot games (Badacey, Badeucey): the pot half (index into ``Game.halves``: 0 = the Badugi half,
    1 = the five-card low half) that gets the odd chip of the whole pot. 1, as the BARGE rulebook (ties
    and odd chips) rules for games splitting a five-card and a four-card hand: the five-card hand plays
    the part of the high hand of a high-low game, which gets the odd chip (TDA). No real hand shows an
    odd chip (KingsClub's two split pots halve evenly), so this is the rules' word, not a room's."""

    reshuffle_excludes_own_discards: bool = True
    """When the stub runs out, the discards are reshuffled into a new stub, but never the drawing
    player's own current discards (PokerStars). False = every discard goes back."""

    deck_size: int = 52
    """Cards in the deck; the stub is exhausted once this many cards were dealt."""

    game: Game = BADUGI_GAME
    """The game dealt (``games.GAMES``): cards per player, draws, the first big-bet round and the ranking
    of each pot half. ``rules_for`` sets it from ``Hand.game``; every other knob here is the room's."""

    big_blind_is_small_bet: bool = True
    """Fixed limit: when the log does not state the big blind, it is the small bet."""

    rake_in_tournaments: bool = False
    """Tournament hands are not raked; a non-zero rake claim there is a violation."""

    no_draw_no_drop: bool = True
    """No rake is taken from a hand that ends before the first draw (PokerStars: \"no flop, no drop\")."""

    rake_cap: int | None = None
    """Largest rake of one hand in minor units when known (None = unknown, not checked)."""

    side_pot_claims_net_of_rake: bool = True
    """The room's main/side pot figures are after the rake (PokerStars: ``Main pot $2.90. Side pot
    $2.55. | Rake $0.25`` of a $5.70 pot), so each claimed pot may be at most its derived size and
    they add up to total minus rake."""

    writes_uncalled: bool = True
    """The room writes uncalled-bet returns. False (Merge): nothing is written and the winner's
    collected amount includes their own uncalled chips."""

    kills_sitting_out_all_in: bool = False
    """A player marked sitting out whose forced bet put them all in gets a fold the room writes for them
    when the action reaches their seat (PokerStars: ``Cy: posts small blind 10 and is all-in`` ... ``Cy:
    folds``): the room kills their hand, their chips stay in the pot for the others. The replay reads such
    a fold as that (notice ``hand.killed``), not as an action out of turn. Only for a player the hand marks
    sitting out and who has no chips behind: anyone else folding out of turn is ``order.out_of_turn``."""

    summary_lists_players: bool = False
    """The summary has a seat line for every player dealt in (PokerStars, Full Tilt, KingsClub: all of the real
    files' hands do), so a player who posted, bet or folded and has none is a summary line lost
    (``summary.mismatch``). Winamax lists only some."""

    summary_states_pot: bool = False
    """The summary opens with the total pot (``Total pot $1.20 | Rake $0.05``: PokerStars, Full Tilt, every hand of
    the real files but a cancelled one), so a summary without it is a line lost (``summary.mismatch``)."""

    uncalled_in_collected: bool = True
    """Only when ``writes_uncalled`` is False: True (Merge) = the winner's collected amount includes
    their own uncalled chips; False (KingsClub) = it leaves them out, as if they were returned."""

    unmatched_antes_returned: bool = True
    """Pre-draw with antes, an ante nobody matched is uncalled like a bet: when the others are all in
    for less than the ante, the rest of the ante comes back with the uncalled bet (PokerStars, the one
    real such hand: ``Hero: posts the ante 1 and is all-in`` against an ante of 25 and a big blind of 100,
    ``Uncalled bet (124) returned``). False = antes are dead money, won as a side pot."""

    dead_hand_returns_written: bool = False
    """A hand that dies before the deal (the blinds posted, then a player sits out and no card is dealt)
    gives every post back. True = the room writes those returns as uncalled-bet lines. Full Tilt's one
    real dead hand writes none (``Total pot $0``, no return line), and no room is known to write them."""

    total_pot_is_collected: bool = False
    """The summary's total pot is what the winners collected: the pot less the rake, plus the uncalled bet
    folded into the collection (Winamax, which writes no return line: 250 in the pot and the 50 bet
    nobody called, less 2 rake, is ``collected 298`` and ``Total pot 298 | Rake 2``). False = the pot."""

    tournament_stacks_after_posts: bool = False
    """A tournament hand's seat stacks are written after the blinds and antes were posted (Merge: a real
    tournament file gives ``balance="0.00"`` to a player whose 25 ante put them all in, and fpdb's Merge
    reader adds every tournament post back to the stack). The replay then starts each stack at the
    written one plus the player's posts. Cash tables write the stack before the posts."""

    label_style: str = "pokerstars"
    """How the room words hand labels (``evaluator.STYLES``): the expected label of a draw game's
    ``showdown.label_mismatch`` is written in it (Badugi's keeps PokerStars' words, as it always did).
    Which labels match never depends on it: every room's words are read."""

    def __post_init__(self) -> None:
        if self.odd_chip not in ODD_CHIP_RULES:
            raise ValueError(f"unknown odd-chip rule {self.odd_chip!r} (known: {', '.join(ODD_CHIP_RULES)})")
        num, den = self.allin_reopen_fraction
        if not (den > 0 and 0 <= num <= den):
            raise ValueError(f"allin_reopen_fraction must be a fraction of one bet, got {num}/{den}")
        if self.split_odd_chip_half not in (0, 1):
            raise ValueError(f"split_odd_chip_half is a pot half, 0 or 1, got {self.split_odd_chip_half!r}")

    @property
    def hand_size(self) -> int:
        """Cards each player holds (the game's)."""
        return self.game.hand_size

    @property
    def draws(self) -> int:
        """Number of draws (the game's: 3 in triple draw, 1 in single draw); betting rounds are one more."""
        return self.game.draws

    def bet_unit(self, small_bet: int, big_bet: int, street: int) -> int:
        """The fixed-limit bet unit of a betting round (the game's ``big_bet_from_street``)."""
        return big_bet if street >= self.game.big_bet_from_street else small_bet


DEFAULT_RULES = Rules()
"""The game's standard description; used for rooms not listed in ``ROOM_RULES``."""

ROOM_RULES: dict[str, Rules] = {
    "pokerstars": Rules(kills_sitting_out_all_in=True, summary_lists_players=True, summary_states_pot=True),
    "fulltilt": Rules(reshuffle_excludes_own_discards=False, label_style="fulltilt", summary_lists_players=True,
                        summary_states_pot=True),
    "kingsclub": Rules(reshuffle_excludes_own_discards=False, no_draw_no_drop=False, writes_uncalled=False,
                       uncalled_in_collected=False, summary_lists_players=True),
    # Merge lifts the fixed-limit cap heads-up: a real 2-7 hand raises six times in one two-player round.
    "merge": Rules(reshuffle_excludes_own_discards=False, no_draw_no_drop=False, writes_uncalled=False,
                   heads_up_uncapped=True, label_style="merge", tournament_stacks_after_posts=True),
    # PHH written by other tools states no uncalled-bet return and pays winnings net of it.
    "phh": Rules(reshuffle_excludes_own_discards=False, no_draw_no_drop=False, writes_uncalled=False,
                 uncalled_in_collected=False),
    # Winamax writes no uncalled-bet line: the collected amount and the total pot hold the uncalled bet.
    "winamax": Rules(writes_uncalled=False, total_pot_is_collected=True),
    "simulator": Rules(),
}
"""Rules per room name (``Hand.room``). Each entry states only its differences from the defaults."""

LIMIT_OVERRIDES: dict[Limit, dict[str, object]] = {
    Limit.POT: {"cap_bets": None},
    Limit.HALF_POT: {"cap_bets": None},
    Limit.NO_LIMIT: {"cap_bets": None},
}
"""Settings that follow from the betting structure whatever the room (no cap outside fixed limit)."""


def rules_for(hand: Hand) -> Rules:
    """The rules a hand is replayed under: its room's rules, adjusted for its limit type and set to its
    game (``Hand.game``; a Badugi hand keeps the room's entry as it is). Found once per room entry, limit
    and game (``Rules`` is frozen): ``dataclasses.replace`` builds a new ``Rules`` through Python frames,
    ~70k instructions (callgrind) for each hand that is not fixed-limit Badugi (~5 % of the mixed corpus).
    The entry itself is looked up every time, so a changed ``ROOM_RULES`` entry takes effect at once."""
    base = ROOM_RULES.get(hand.room) or ROOM_RULES.get(hand.room.lower(), DEFAULT_RULES)
    key = (id(base), hand.limit, hand.game)
    found = _RULES_FOR.get(key)
    if found is not None and found[0] is base:
        return found[1]
    if len(_RULES_FOR) >= _RULES_FOR_SIZE:  # (room names are read from files)
        _RULES_FOR.clear()
    rules = _derived_rules(base, hand)
    _RULES_FOR[key] = (base, rules)
    return rules


_RULES_FOR: dict[tuple[int, Limit, str], tuple[Rules, Rules]] = {}
_RULES_FOR_SIZE = 256


def _derived_rules(rules: Rules, hand: Hand) -> Rules:
    overrides = LIMIT_OVERRIDES.get(hand.limit)
    if hand.game != rules.game.name:
        overrides = {**(overrides or {}), "game": get_game(hand.game)}
    if overrides:
        rules = dataclasses.replace(rules, **overrides)  # type: ignore[arg-type]
    return rules

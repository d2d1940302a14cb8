"""Write ``Hand`` records as PHH (the open Poker Hand History standard, TOML; DESIGN section 8).

Players are listed from the seat left of the button round to the button (``p1`` = small blind; heads-up
the button posts the small blind and PHH reverses its forced-bet arrays, so we write them reversed).
Forced bets go to ``antes`` (dead money: antes, dead small blinds) and ``blinds_or_straddles`` (live
money). Every player gets a ``d dh`` deal first (``????????`` when unknown); each draw is written as every
player's ``sd`` first, then the replacement deals. Bets and raises are ``cbr`` *to* the player's round
total; checks and calls are both ``cc`` (PHH derives the call amount).

What PHH cannot express is dropped, never approximated: chat and other table noise, cap notices,
uncalled-bet claims, pot/rake lines, hand labels, mucked cards. What it can express round-trips.
Where PHH has no field we keep our value in a user-defined field (a key starting with ``_``, which
PHH tools ignore): ``_posts`` (the exact kind of each forced bet when the arrays cannot say it),
``_limit``/``_small_bet`` (pot and half-pot limit: PHH defines Badugi only as fixed limit ``FB``; we
write ``PB`` for pot/half-pot and ``NB`` for no limit, following PHH's F/N/P prefix convention; the
other draw games' codes are ``Game.phh_variant``: ``F2L3D``, ``N2L1D`` and ``_``-prefixed ones),
``_hero``, ``_currency`` (chips), ``_tournament``, ``_level``, ``_buy_in``, ``_room_time_zone``,
``_time_flag`` (the start time is a guess or unknown: ``record.TimeFlag``), ``_cancelled``, ``_partial``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import timezone
from decimal import Decimal

from badugi.engine.cards import Card, format_cards
from badugi.engine.games import UnknownGame, get_game
from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Muck, Noise, Post, PostKind, Raise,
    Seat, Show, Uncalled,
)
from badugi.errors import BadugiError

ISO_CURRENCIES = frozenset({"USD", "EUR", "GBP", "CAD", "AUD", "SEK", "NOK", "DKK", "CHF", "JPY", "INR"})
LIVE_POSTS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.EXTRA)
ACTIONS = (Fold, Check, Call, Bet, Raise)


class PhhWriteError(BadugiError):
    """A hand PHH cannot represent at all (e.g. a player acts without a seat and stack)."""


def write_phh(hand: Hand) -> str:
    """One hand as the text of a ``.phh`` file."""
    return "\n".join(_fields(hand)) + "\n"


def write_phhs(hands: Iterable[Hand]) -> str:
    """Many hands as the text of a ``.phhs`` file: tables ``[1]``, ``[2]``, ..."""
    return "".join(phhs_table(index, hand) for index, hand in enumerate(hands, start=1))


def phhs_table(index: int, hand: Hand) -> str:
    """One ``[index]`` table of a ``.phhs`` file (so a caller can stream a file hand by hand)."""
    return "\n".join([f"[{index}]", *_fields(hand), "", ""])


# ---- TOML values -------------------------------------------------------------------------------


def toml_string(text: str) -> str:
    """A TOML basic string with every character that needs it escaped."""
    out = ['"']
    for char in text:
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _money(amount: int, per_major: int) -> str:
    """Minor units as a TOML number in major units: 25 cents -> ``0.25``, 1500 chips -> ``1500``."""
    if per_major == 1:
        return str(amount)
    value = Decimal(amount) / per_major
    return f"{value:.2f}" if per_major == 100 else str(value)


def _array(items: Sequence[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _cards(cards: Sequence[Card] | None, count: int) -> str:
    return format_cards(cards, sep="") if cards is not None else "??" * count


# ---- positions ---------------------------------------------------------------------------------


def in_hand(hand: Hand) -> list[Seat]:
    """Seats in the hand: named by a money/card event, or neither sitting out nor "out of hand" (a
    tournament player moved in after the deal), the rule the replay uses."""
    named = {getattr(e, "player", None) for e in hand.events if not isinstance(e, Noise)}
    return [s for s in hand.seats
            if s.player in named or not (s.sitting_out or (s.note and "out of hand" in s.note))]


def positional_seats(hand: Hand) -> list[Seat]:
    """The hand's players in PHH order: left of the button first, the button last."""
    seats = in_hand(hand)
    if len(seats) < 2:
        raise PhhWriteError(f"hand {hand.hand_id}: fewer than two players in the hand")
    seated = {s.player for s in seats}
    for event in hand.events:
        player = getattr(event, "player", None)
        if isinstance(event, (Post, *ACTIONS, Draw, DrawDeal, Show, Collect)) and player not in seated:
            raise PhhWriteError(f"hand {hand.hand_id}: {player!r} acts without a seat line (no stack known)")
    if hand.button is not None:
        span = max([s.seat for s in hand.seats] + [hand.button]) + 1
        return sorted(seats, key=lambda s: (s.seat - hand.button - 1) % span)
    ordered = sorted(seats, key=lambda s: s.seat)
    small = next((e.player for e in hand.events if isinstance(e, Post) and e.kind is PostKind.SMALL_BLIND), None)
    names = [s.player for s in ordered]
    if small in names:
        start = names.index(small)
        ordered = ordered[start:] + ordered[:start]
    return ordered


# ---- the hand ----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Round:
    """Live chips per player in the current betting round (to turn bets into PHH's "bet to")."""

    street: int = 0
    put_in: dict[str, int] = field(default_factory=dict)

    def enter(self, street: int) -> None:
        if street != self.street:
            self.street, self.put_in = street, {}

    def add(self, player: str, amount: int) -> int:
        self.put_in[player] = self.put_in.get(player, 0) + amount
        return self.put_in[player]

    def set(self, player: str, total: int) -> int:
        self.put_in[player] = total
        return total

    def highest(self) -> int:
        return max(self.put_in.values(), default=0)


def _forced_bets(hand: Hand, order: list[str]) -> tuple[list[int], list[int]]:
    antes = [0] * len(order)
    blinds = [0] * len(order)
    for event in hand.events:
        if not isinstance(event, Post):
            continue
        index = order.index(event.player)
        live = live_part(hand, event)
        blinds[index] += live
        antes[index] += event.amount - live
    return antes, blinds


def live_part(hand: Hand, post: Post) -> int:
    """The part of a forced bet that counts toward calling: blinds and extra posts whole, the big-blind
    part of "small & big blinds", nothing of antes and dead small blinds."""
    if post.kind in LIVE_POSTS:
        return post.amount
    if post.kind is PostKind.BOTH:
        return min(hand.stakes.big_blind, post.amount) if hand.stakes.big_blind is not None else post.amount
    return 0


def derived_posts(antes: Sequence[int], blinds: Sequence[int], names: Sequence[str]) -> list[tuple[str, str, int]]:
    """The posts a reader derives from PHH's arrays (``blinds`` as effective, i.e. already un-reversed):
    antes first, then the blinds; heads-up the button (last) posts the small blind."""
    posts = [(names[i], PostKind.ANTE.value, a) for i, a in enumerate(antes) if a]
    count = len(names)
    if count == 2:
        order = [1, 0]
        kinds = {1: PostKind.SMALL_BLIND.value, 0: PostKind.BIG_BLIND.value}
    else:
        order = list(range(count))
        kinds = {0: PostKind.SMALL_BLIND.value, 1: PostKind.BIG_BLIND.value}
    for i in order:
        if blinds[i]:
            posts.append((names[i], kinds.get(i, PostKind.EXTRA.value), blinds[i]))
    return posts


def _variant(hand: Hand) -> str:
    """The PHH variant code of the hand's game and limit (``FB``, ``F2L3D``, ``_FAL3D``, ...)."""
    try:
        return get_game(hand.game).phh_variant(hand.limit)
    except UnknownGame as exc:
        raise PhhWriteError(f"hand {hand.hand_id}: {exc}") from None


def _fields(hand: Hand) -> list[str]:
    per_major = hand.minor_per_major
    seats = positional_seats(hand)
    names = [s.player for s in seats]
    index = {name: i + 1 for i, name in enumerate(names)}
    antes, blinds = _forced_bets(hand, names)
    heads_up = len(names) == 2
    money = lambda amount: _money(amount, per_major)  # noqa: E731
    lines = [f"variant = {toml_string(_variant(hand))}"]
    written_antes = antes[::-1] if heads_up else antes
    written_blinds = blinds[::-1] if heads_up else blinds
    lines.append(f"antes = {_array([money(a) for a in written_antes])}")
    lines.append(f"blinds_or_straddles = {_array([money(b) for b in written_blinds])}")
    if hand.limit is Limit.FIXED:
        lines.append(f"small_bet = {money(hand.stakes.small_bet)}")
        lines.append(f"big_bet = {money(hand.stakes.big_bet)}")
    else:
        lines.append(f"min_bet = {money(hand.stakes.big_bet)}")
    lines.append(f"starting_stacks = {_array([money(s.stack) for s in seats])}")
    lines.append("actions = [")
    lines.extend(f"  {toml_string(action)}," for action in _actions(hand, names, index, per_major))
    lines.append("]")
    lines.append(f"hand = {toml_string(hand.hand_id)}")
    lines.append(f"venue = {toml_string(hand.room)}")
    if hand.table is not None:
        lines.append(f"table = {toml_string(hand.table)}")
    if hand.max_seats is not None:
        lines.append(f"seat_count = {hand.max_seats}")
    lines.append(f"seats = {_array([str(s.seat) for s in seats])}")
    lines.append(f"players = {_array([toml_string(n) for n in names])}")
    if hand.currency in ISO_CURRENCIES:
        lines.append(f"currency = {toml_string(hand.currency)}")
    if hand.start_time is not None:
        utc = hand.start_time.astimezone(timezone.utc) if hand.start_time.tzinfo else hand.start_time
        lines.append(f"year = {utc.year}")
        lines.append(f"month = {utc.month}")
        lines.append(f"day = {utc.day}")
        lines.append(f"time = {utc.strftime('%H:%M:%S')}")
        lines.append('time_zone = "UTC"')
    winnings = [sum(e.amount for e in hand.events if isinstance(e, Collect) and e.player == n) for n in names]
    if any(winnings):
        lines.append(f"winnings = {_array([money(w) for w in winnings])}")
    if not hand.cancelled and not hand.partial and any(winnings):
        lines.append(f"finishing_stacks = {_array([money(s) for s in _finishing_stacks(hand, seats)])}")
    lines.extend(_user_fields(hand, names, antes, blinds, per_major))
    return lines


def _user_fields(hand: Hand, names: list[str], antes: list[int], blinds: list[int], per_major: int) -> list[str]:
    lines: list[str] = []
    index = {name: i + 1 for i, name in enumerate(names)}
    seats = {s.player: s.seat for s in hand.seats}
    if hand.button is not None and hand.button != seats.get(names[-1]):
        lines.append(f"_button = {hand.button}")
    uncalled = [f"p{index[e.player]} {_money(e.amount, per_major)}" for e in hand.events if isinstance(e, Uncalled)]
    if uncalled:
        lines.append("_uncalled = " + _array([toml_string(u) for u in uncalled]))
    collects = [e for e in hand.events if isinstance(e, Collect)]
    if any(c.pot != "pot" for c in collects) or len({c.player for c in collects}) < len(collects):
        lines.append("_collects = " + _array([toml_string(f"p{index[c.player]} {c.pot} {_money(c.amount, per_major)}")
                                              for c in collects]))
    posts = [(e.player, e.kind.value, e.amount) for e in hand.events if isinstance(e, Post)]
    if sorted(posts) != sorted(derived_posts(antes, blinds, names)):
        lines.append("_posts = " + _array([toml_string(f"p{index[p]} {k} {_money(a, per_major)}")
                                          for p, k, a in posts]))
    if hand.limit is Limit.HALF_POT:
        lines.append('_limit = "hpl"')
    if hand.limit is not Limit.FIXED and hand.stakes.small_bet != hand.stakes.big_bet:
        lines.append(f"_small_bet = {_money(hand.stakes.small_bet, per_major)}")
    if hand.hero is not None:
        lines.append(f"_hero = {toml_string(hand.hero)}")
    if hand.currency not in ISO_CURRENCIES:
        lines.append(f"_currency = {toml_string(hand.currency)}")
    if hand.tournament is not None:
        lines.append(f"_tournament = {toml_string(hand.tournament.tournament_id)}")
        if hand.tournament.level is not None:
            lines.append(f"_level = {toml_string(hand.tournament.level)}")
        if hand.tournament.buy_in is not None:
            lines.append(f"_buy_in = {toml_string(hand.tournament.buy_in)}")
    if hand.time_zone is not None:
        lines.append(f"_room_time_zone = {toml_string(hand.time_zone)}")
    if hand.time_flag is not None:
        lines.append(f"_time_flag = {toml_string(str(hand.time_flag))}")
    if hand.cancelled:
        lines.append("_cancelled = true")
    if hand.partial:
        lines.append("_partial = true")
    return lines


def _finishing_stacks(hand: Hand, seats: list[Seat]) -> list[int]:
    """Stacks after the hand by the room's own claims: start - put in + returned + collected."""
    stacks = {s.player: s.stack for s in seats}
    book = _Round()
    for event in hand.events:
        if isinstance(event, Post):
            stacks[event.player] -= event.amount
            book.add(event.player, live_part(hand, event))
        elif isinstance(event, (Call, Bet, Raise)):
            book.enter(event.street)
            before = book.put_in.get(event.player, 0)
            after = _round_total(book, event)
            stacks[event.player] -= after - before
        elif isinstance(event, (Uncalled, Collect)):
            stacks[event.player] += event.amount
    return [stacks[s.player] for s in seats]


def _round_total(book: _Round, event: Call | Bet | Raise) -> int:
    """The player's round total after a call/bet/raise, as the room wrote it (updates ``book``)."""
    if isinstance(event, Call):
        return book.set(event.player, event.amount) if event.is_total else book.add(event.player, event.amount)
    if isinstance(event, Bet):
        return book.add(event.player, event.amount)
    if event.raise_to is not None:
        return book.set(event.player, event.raise_to)
    return book.set(event.player, book.highest() + (event.raise_by or 0))


# ---- actions -----------------------------------------------------------------------------------


def _actions(hand: Hand, names: list[str], index: dict[str, int], per_major: int) -> list[str]:
    holding: dict[str, tuple[Card, ...] | None] = {n: None for n in names}
    for event in hand.events:
        if isinstance(event, Deal) and holding.get(event.player) is None and event.player in holding:
            holding[event.player] = event.cards
    hand_cards = get_game(hand.game).hand_size
    out = [f"d dh p{index[n]} {_cards(holding[n], hand_cards)}" for n in names]
    book = _Round()
    all_in: set[str] = set()  # players all in so far (a fold of one is the room killing the hand)
    for event in hand.events:
        if isinstance(event, Post):
            book.add(event.player, live_part(hand, event))
            if event.all_in:
                all_in.add(event.player)
    pending: list[Draw | DrawDeal] = []
    folded: set[str] = set()
    shown: set[str] = set()
    for event in hand.events:
        if isinstance(event, (Draw, DrawDeal)):
            if pending and pending[0].draw != event.draw:
                out.extend(_draw_block(pending, holding, index))
                pending = []
            pending.append(event)
            continue
        if pending and isinstance(event, (*ACTIONS, Show, Muck)):
            out.extend(_draw_block(pending, holding, index))
            pending = []
        player = getattr(event, "player", None)
        if getattr(event, "all_in", False):
            all_in.add(player)
        if isinstance(event, Fold):
            if player in all_in:
                # (a real PokerStars tournament hand: a sitting-out player all in on the small blind "folds";
                # written "f", PHH tools read a fold out of turn, and dropped, the player would stay in the pot)
                raise PhhWriteError(f"hand {hand.hand_id}: the room folded {player}, who was all in (the hand was "
                                    "killed): PHH has no action for it")
            folded.add(event.player)
            out.append(f"p{index[player]} f")
        elif isinstance(event, Check):
            book.enter(event.street)
            out.append(f"p{index[player]} cc")
        elif isinstance(event, Call):
            book.enter(event.street)
            _round_total(book, event)
            out.append(f"p{index[player]} cc")
        elif isinstance(event, (Bet, Raise)):
            book.enter(event.street)
            total = _round_total(book, event)
            out.append(f"p{index[player]} cbr {_money(total, per_major)}")
        elif isinstance(event, Show) and player not in shown:
            shown.add(player)
            cards = event.cards or None  # no cards: shown face down, written as unknown cards
            out.append(f"p{index[player]} sm {_cards(cards, len(event.cards) or hand_cards)}")
        elif isinstance(event, Muck) and player not in shown and len(set(names) - folded) > 1:
            shown.add(player)
            out.append(f"p{index[player]} sm")
    if pending:
        out.extend(_draw_block(pending, holding, index))
    return out


def _draw_block(block: list[Draw | DrawDeal], holding: dict[str, tuple[Card, ...] | None],
                index: dict[str, int]) -> list[str]:
    """One draw: every player's ``sd`` first, then the replacement deals, in declaration order."""
    draws: dict[str, Draw] = {}
    deals: dict[str, DrawDeal] = {}
    order: list[str] = []
    for event in block:
        if event.player not in order:
            order.append(event.player)
        if isinstance(event, Draw):
            draws.setdefault(event.player, event)
        else:
            deals.setdefault(event.player, event)
    discards_out: list[str] = []
    deals_out: list[str] = []
    for player in order:
        draw, deal = draws.get(player), deals.get(player)
        count = draw.count if draw is not None else _deal_count(deal)
        if count is None:
            continue
        before = holding.get(player)
        thrown, new, after = _draw_cards(before, draw, deal, count)
        holding[player] = after
        tag = f"p{index[player]}"
        discards_out.append(f"{tag} sd {_cards(thrown, count)}" if count else f"{tag} sd")
        if count:
            deals_out.append(f"d dh {tag} {_cards(new, count)}")
    return discards_out + deals_out


def _deal_count(deal: DrawDeal | None) -> int | None:
    if deal is None:
        return None
    if deal.count is not None:
        return deal.count
    return len(deal.new) if deal.new is not None else None


def _draw_cards(before: tuple[Card, ...] | None, draw: Draw | None, deal: DrawDeal | None, count: int):
    """(thrown, new, holding after): each ``None`` unless the log pins it down exactly."""
    thrown = draw.discards if draw is not None and draw.discards is not None else None
    new = deal.new if deal is not None and deal.new is not None else None
    after = deal.hand if deal is not None and deal.hand is not None else None
    if after is None and deal is not None and deal.kept is not None and new is not None:
        after = deal.kept + new
    if before is not None and after is not None:
        if thrown is None:
            thrown = tuple(c for c in before if c not in after)
        if new is None:
            new = tuple(c for c in after if c not in before)
    if after is None and before is not None and thrown is not None and new is not None:
        after = tuple(c for c in before if c not in thrown) + new
    if count == 0 and after is None:
        after = before
    thrown = thrown if thrown is not None and len(thrown) == count else None
    new = new if new is not None and len(new) == count else None
    return thrown, new, after

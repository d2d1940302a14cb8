"""Per hand-player facts for the stats (DESIGN §6), derived once from a finished walk.

Pre-draw plays the part of preflop: VPIP, PFR, raise first in, limp, 3-bet, fold to 3-bet, steal
(CO, BTN, SB into an unopened pot) and fold to steal (SB, BB). Each stat is an opportunity flag and a
done flag; the analytics layer divides counts of one by the other. These, the draws, showdown and money
facts are every draw game's; the facts about holding a badugi (snows, broken badugis) are Badugi's only
(``_draw_play``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from .allin_hand import hand_ev
from .cards import Card
from .games import BADUGI_GAME
from .replay_model import Holdings, PlayerFacts, StreetActions
from .table import BET, CALL, CHECK, FOLD, RAISE, SHOWDOWN

if TYPE_CHECKING:
    from .walk import Walk
    from .settlement import Settlement

STEAL_POSITIONS = ("CO", "BTN", "SB")
_NO_ACTIONS = StreetActions()
_NO_STREETS = (_NO_ACTIONS, _NO_ACTIONS, _NO_ACTIONS)
_PLAY_FIELDS = ("pat_known", "snowed", "held_badugi", "broke_badugi", "bet_called", "bet_fewer", "faced_pat",
                "fold_to_pat")
_NO_PLAY_VALUES = (False,) * len(_PLAY_FIELDS)
_NO_STAGES = (None,) * 5
_NO_HOLDINGS = Holdings()
"""The holdings of every player whose cards the log never shows (most players): one shared value instead
of one built per player. Measured (callgrind, real hands, same session): ~1,030k instead of ~1,036k
instructions a replay (0.6 %)."""
_EV_FIELDS = ("ev_net", "ev_net_se", "ev_method")
assert PlayerFacts._fields[-len(_PLAY_FIELDS) - len(_EV_FIELDS):] == _PLAY_FIELDS + _EV_FIELDS, \
    "the draw-play facts, then the all-in EV, end PlayerFacts"
BLIND_POSITIONS = ("SB", "BB")
_new_tuple = tuple.__new__
"""Builds a ``NamedTuple`` from its values in field order without calling the class: its generated
``__new__`` (and ``_make``) is a Python function, ``tuple.__new__`` is C. Used only here, where ~15 are
built a hand. Measured (callgrind, real hands, same session): a replay takes ~1,030k instructions this way
against ~1,051k with ``PlayerFacts._make``/``StreetActions._make``/``Holdings(...)`` (2 %). The field order
is the tuple's order in ``player_facts`` (tests read the facts by name)."""


def position_labels(n: int) -> list[str]:
    """Labels in table order (index 0 = left of the button, the button last).

    Heads-up the button is also the small blind and is labelled ``BTN``. With three or more:
    SB, BB, then UTG, UTG+1, ..., LJ, HJ, CO, BTN (the named seats are filled from the button back).
    """
    if n <= 0:
        return []
    if n == 1:
        return ["BTN"]
    if n == 2:
        return ["BB", "BTN"]
    middle = n - 3
    named = ["LJ", "HJ", "CO"]
    if middle <= 3:
        mid = named[3 - middle:]
    else:
        extra = middle - 3
        mid = ["UTG"] + [f"UTG+{k}" for k in range(1, extra)] + named
    return ["SB", "BB", *mid, "BTN"]


def _rake_shares(total_in: list[int], rake: int) -> list[int]:
    """Rake split in proportion to what each player put in (largest remainder, exact total)."""
    if rake <= 0:
        return [0] * len(total_in)
    pot = sum(total_in)
    if pot <= 0:
        return [0] * len(total_in)
    raw = [rake * x for x in total_in]
    shares = [r // pot for r in raw]
    left = rake - sum(shares)
    if left:  # the units left over go to the largest remainders (ties: table order)
        order = sorted(range(len(raw)), key=[-(r % pot) for r in raw].__getitem__)
        for j in order[:left]:
            shares[j] += 1
    return shares


def _is_badugi(cards: tuple[Card, ...] | None) -> bool | None:
    """Whether four known cards have four ranks and four suits (``None`` when not four known cards)."""
    if cards is None or len(cards) != 4 or None in cards:
        return None
    a, b, c, d = cards
    # four ranks: four different rank bits, whose sum is then their union (no bit_count method call);
    # four suits: all four suit bits
    ra, rb, rc, rd = 1 << (a >> 2), 1 << (b >> 2), 1 << (c >> 2), 1 << (d >> 2)
    return (ra + rb + rc + rd == (ra | rb | rc | rd)
            and (1 << (a & 3) | 1 << (b & 3) | 1 << (c & 3) | 1 << (d & 3)) == 15)


_COUNT_SLOT = {BET: 0, RAISE: 1, CALL: 2, CHECK: 3, FOLD: 4}
"""Action kind -> its place in ``StreetActions`` (bets, raises, calls, checks, folds)."""


def _play_facts(out: list[dict[str, bool] | None], j: int) -> dict[str, bool]:
    """Player ``j``'s draw-play facts in ``out``, made all ``False`` on first use."""
    facts = out[j]
    if facts is None:
        facts = out[j] = dict.fromkeys(_PLAY_FIELDS, False)  # keys stay in _PLAY_FIELDS order
    return facts


def _draw_play(w: Walk, s: Settlement, n: int, acts_after_draw: list[tuple[int, int, int, int, int]]
               ) -> list[dict[str, bool] | None]:
    """Snows, broken badugis, betting with fewer cards drawn than every caller and folding to a pat
    bettor, per player (see ``PlayerFacts``); ``None`` for a player with none of them (the common case,
    kept cheap because this runs for every hand). ``acts_after_draw``: the walk's acts after draw 1 on.
    The holdings facts (``pat_known``, ``snowed``, ``held_badugi``, ``broke_badugi``) ask whether four
    cards are a badugi: Badugi hands only. The draw-count facts (bets called, fewer cards drawn, facing
    and folding to a pat bettor) are every draw game's."""
    out: list[dict[str, bool] | None] = [None] * n
    drawers = {j for _draw, j, _count in w.draw_slots} if w.rules.game is BADUGI_GAME else ()
    for j in drawers:  # the players who drew at least once
        stages, drawn = s.holdings[j], w.drawn[j]
        for k in range(1, 4):
            count = drawn[k - 1]
            if count is None:
                continue
            before = _is_badugi(stages[k - 1])
            if before:
                facts = _play_facts(out, j)
                facts["held_badugi"] = True
                facts["broke_badugi"] = facts["broke_badugi"] or count > 0
            if count == 0:
                after = _is_badugi(stages[k]) if stages[k] is not None else before
                if after is not None:
                    facts = _play_facts(out, j)
                    facts["pat_known"] = True
                    facts["snowed"] = facts["snowed"] or not after
    if not acts_after_draw:
        return out
    aggressors: set[tuple[int, int]] = set()  # (round, player) who bet or raised in it
    callers: dict[int, set[int]] = {}  # round -> players who called in it
    pat_bettor: dict[int, int] = {}
    answered: set[tuple[int, int]] = set()
    for street, j, kind, _raises, _owed in acts_after_draw:
        if street > 3:
            break
        bettor = pat_bettor.get(street)
        if bettor is not None and j != bettor and (street, j) not in answered and kind in (FOLD, CALL, RAISE):
            answered.add((street, j))
            facts = _play_facts(out, j)
            facts["faced_pat"] = True
            facts["fold_to_pat"] = facts["fold_to_pat"] or kind == FOLD
        if kind == BET or kind == RAISE:
            aggressors.add((street, j))
            if bettor is None and w.drawn[j][street - 1] == 0:
                pat_bettor[street] = j
        elif kind == CALL:
            callers.setdefault(street, set()).add(j)
    for street, j in aggressors:
        others = [w.drawn[c][street - 1] for c in callers.get(street, ()) if c != j]
        if others:
            drew = w.drawn[j][street - 1]
            facts = _play_facts(out, j)
            facts["bet_called"] = True
            if drew is not None and None not in others and drew < min(others):  # fewer than every caller
                facts["bet_fewer"] = True
    return out


def _streets(counts: list[list[int]]) -> tuple[StreetActions, ...]:
    """Action counts per round after draw 1, 2, 3."""
    after_1, after_2, after_3 = counts
    return _new_tuple(StreetActions, after_1), _new_tuple(StreetActions, after_2), _new_tuple(StreetActions, after_3)


def player_facts(w: Walk, s: Settlement) -> tuple[PlayerFacts, ...]:
    """Every seated player's facts, from the walk and its settlement (read only)."""
    t = w.table
    n = t.n
    labels = position_labels(n)
    hero = w.hero
    collected = s.collected
    unsettled = s.unsettled  # players whose share of a derived pot hidden cards leave undecided
    rake = s.rake if s.rake > 0 else 0
    shares = _rake_shares(t.total_in, rake) if rake else [0] * n

    vpip = [False] * n
    pfr = [False] * n
    rfi_opp = [False] * n
    rfi = [False] * n
    limp = [False] * n
    tb_opp = [False] * n
    tb = [False] * n
    f3_opp = [False] * n
    f3 = [False] * n
    steal_opp = [False] * n
    steal = [False] * n
    fs_opp = [False] * n
    fs = [False] * n
    first_seen = [False] * n
    opener: int | None = None
    opener_is_steal = False
    entered = False  # anyone called or raised voluntarily
    callers_since_open = 0
    acts = w.acts
    after_draw = bisect_left(acts, (1,))  # acts run in street order: the pre-draw ones come first
    counts: dict[int, list[list[int]]] = {}  # only players who acted after a draw
    for street, j, kind, _raises, _owed in acts[after_draw:]:
        if street > 3:
            break
        mine = counts.get(j)
        if mine is None:
            mine = counts[j] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
        mine[street - 1][_COUNT_SLOT[kind]] += 1
    for _street, j, kind, raises_before, _owed in acts[:after_draw]:
        raising = kind == BET or kind == RAISE
        voluntary = raising or kind == CALL
        if voluntary:
            vpip[j] = True
            if raising:
                pfr[j] = True
        if not first_seen[j]:
            first_seen[j] = True
            if not entered:
                rfi_opp[j] = True
                rfi[j] = raising
                limp[j] = kind == CALL
                if labels[j] in STEAL_POSITIONS or (n == 2 and labels[j] == "BTN"):
                    steal_opp[j] = True
                    steal[j] = raising
            if (opener is not None and opener_is_steal and raises_before == 1 and callers_since_open == 0
                    and labels[j] in BLIND_POSITIONS):
                fs_opp[j] = True
                fs[j] = kind == FOLD
        if raises_before == 1 and j != opener:
            tb_opp[j] = True
            tb[j] = tb[j] or raising
        if raises_before == 2 and j == opener:
            f3_opp[j] = True
            f3[j] = kind == FOLD
        if raising and raises_before == 0:
            opener = j
            opener_is_steal = steal[j]
            callers_since_open = 0
        elif kind == CALL and opener is not None:
            callers_since_open += 1
        if voluntary:
            entered = True

    play = _draw_play(w, s, n, acts[after_draw:])
    showdown = t.phase == SHOWDOWN
    names, seats, stacks, folded, allin, total_in = t.names, t.seats, t.start_stacks, t.folded, t.allin, t.total_in
    drawn_of, stages_of, folded_street = w.drawn, s.holdings, w.folded_street
    # all-in EV only where the betting closed before the showdown (allin_hand); else ev_net is the net
    evs = hand_ev(w, s) if showdown and t.active <= 1 else None
    out: list[PlayerFacts] = []
    for j in range(n):
        drawn = d0, d1, d2 = tuple(drawn_of[j])
        stood_pat, saw_draw = (d0 == 0, d1 == 0, d2 == 0), (d0 is not None, d1 is not None, d2 is not None)
        stages = stages_of[j]
        holdings = _NO_HOLDINGS if stages == _NO_STAGES else _new_tuple(Holdings, (stages[0], stages[1:4], stages[4]))
        at_showdown = showdown and not folded[j]
        if j in unsettled:
            got = net = won = None
        else:
            got = collected[j]
            net = got - total_in[j]
            won = got > 0
        play_j = play[j]
        values = (  # in PlayerFacts' field order
            names[j], seats[j], labels[j], names[j] == hero, stacks[j],
            vpip[j], pfr[j], rfi_opp[j], rfi[j], limp[j], tb_opp[j], tb[j], f3_opp[j], f3[j],
            steal_opp[j], steal[j], fs_opp[j], fs[j],
            drawn, stood_pat, saw_draw,
            at_showdown, at_showdown and won, won, allin[j], folded_street[j],
            total_in[j], got, net, shares[j],
            _streets(counts[j]) if j in counts else _NO_STREETS, holdings, first_seen[j],
        ) + (_NO_PLAY_VALUES if play_j is None else tuple(play_j.values())) + (  # in _PLAY_FIELDS order
            (net, None, None) if evs is None else evs[j])  # in _EV_FIELDS order
        out.append(_new_tuple(PlayerFacts, values))
    return tuple(out)

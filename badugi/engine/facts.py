# cython: boundscheck=False, wraparound=False
"""Per hand-player facts for the stats (DESIGN §6), derived once from a finished walk.

Pre-draw plays the part of preflop: VPIP, PFR, raise first in, limp, 3-bet, fold to 3-bet, steal
(CO, BTN, SB into an unopened pot) and fold to steal (SB, BB). Each stat is an opportunity flag and a
done flag; the analytics layer divides counts of one by the other. These, the draws, showdown and money
facts are every draw game's; the facts about holding a badugi (snows, broken badugis) are Badugi's only
(``_holding_play``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from badugi.engine import fill_api as _fill_api
from badugi.engine import ints_api as _ints_api
from badugi.engine import names_api as _names_api
from badugi.engine import tuple_api as _tuple_api

from .allin_hand import hand_ev
from .cards import Card
from .games import BADUGI_GAME
from .replay_model import Holdings, PlayerFacts, StreetActions
from .table import BET, CALL, CHECK, FOLD, RAISE, SHOWDOWN

if TYPE_CHECKING:
    from .settlement import Settlement
    from .table import Table
    from .walk import Walk

STEAL_POSITIONS = ("CO", "BTN", "SB")
_NO_ACTIONS = StreetActions()
_NO_STREETS = (_NO_ACTIONS, _NO_ACTIONS, _NO_ACTIONS)
_NO_HOLDINGS = Holdings()
"""The holdings of every player whose cards the log never shows (most players): one shared value instead
of one built per player. Measured (callgrind, real hands, same session): ~1,030k instead of ~1,036k
instructions a replay (0.6 %)."""
_FIELDS = ("player", "seat", "position", "is_hero", "starting_stack", "vpip", "pfr", "rfi_opp", "rfi", "limp",
           "three_bet_opp", "three_bet", "fold_to_3bet_opp", "fold_to_3bet", "steal_opp", "steal",
           "fold_to_steal_opp", "fold_to_steal", "drawn", "stood_pat", "saw_draw", "went_to_showdown",
           "won_at_showdown", "won", "all_in", "folded_street", "invested", "collected", "net", "rake_share",
           "streets", "holdings", "decided", "pat_known", "snowed", "held_badugi", "broke_badugi", "bet_called",
           "bet_fewer", "faced_pat", "fold_to_pat", "ev_net", "ev_net_se", "ev_method")
if PlayerFacts._fields != _FIELDS:
    raise TypeError("player_facts builds PlayerFacts with these fields in this order: update it")
if (_FIELDS[5:18] != ("vpip", "pfr", "rfi_opp", "rfi", "limp", "three_bet_opp", "three_bet", "fold_to_3bet_opp",
                      "fold_to_3bet", "steal_opp", "steal", "fold_to_steal_opp", "fold_to_steal")
        or _FIELDS[33:41] != ("pat_known", "snowed", "held_badugi", "broke_badugi", "bet_called", "bet_fewer",
                              "faced_pat", "fold_to_pat")):
    raise TypeError("player_facts stores these flags from the bits of _VPIP .. _FS and _PAT_KNOWN .. _FOLD_TO_PAT")
BLIND_POSITIONS = ("SB", "BB")
_new_tuple = tuple.__new__
"""Builds a ``NamedTuple`` from its values in field order without calling the class: its generated
``__new__`` (and ``_make``) is a Python function, ``tuple.__new__`` is C. Used only here, where ~15 are
built a hand. Measured (callgrind, real hands, same session): a replay takes ~1,030k instructions this way
against ~1,051k with ``PlayerFacts._make``/``StreetActions._make``/``Holdings(...)`` (2 %). The field order
is the tuple's order in ``player_facts`` (tests read the facts by name). ``PlayerFacts`` and ``Holdings`` are
built the same way by ``_tuple_api.record`` (compiled: in C, without the call of ``tuple.__new__``)."""


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


_LABELS = tuple(tuple(position_labels(n)) for n in range(11))
"""``position_labels`` of the usual table sizes, made once."""


def _steals_and_blinds(labels: tuple[str, ...]) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per position of a table labelled ``labels``: whether it may steal (``STEAL_POSITIONS``, or the button
    heads-up) and whether it is a blind (``BLIND_POSITIONS``)."""
    n = len(labels)
    return (tuple([label in STEAL_POSITIONS or (n == 2 and label == "BTN") for label in labels]),
            tuple([label in BLIND_POSITIONS for label in labels]))


_STEALS_AND_BLINDS = tuple([_steals_and_blinds(labels) for labels in _LABELS])
"""``_steals_and_blinds`` of the usual table sizes, made once (compiled: a tuple item read a decision, not a label
compared with three words through rich comparisons, ~270 instructions, callgrind)."""


def _rake_shares(total_in: list[int], rake: int) -> list[int]:
    """Rake split in proportion to what each player put in (largest remainder, exact total)."""
    if rake <= 0:
        return [0] * len(total_in)
    # ``sum(total_in)`` and whether ``min(total_in) >= 0``, in one loop (compiled: no builtin called through Python)
    pot = 0
    negative = False
    for x in total_in:
        pot += x
        if x < 0:
            negative = True
    if pot <= 0:
        return [0] * len(total_in)
    n = len(total_in)
    if n <= 10 and rake < 1 << 31 and pot < 1 << 31 and not negative:
        return _small_rake_shares(total_in, rake, pot, n)
    raw = [rake * x for x in total_in]
    shares = [r // pot for r in raw]
    left = rake - sum(shares)
    if left:  # the units left over go to the largest remainders (ties: table order), one each
        remainders = [r % pot for r in raw]
        for _ in range(left):
            best = 0
            for j in range(1, len(remainders)):
                if remainders[j] > remainders[best]:
                    best = j
            shares[best] += 1
            remainders[best] = -1  # taken
    return shares


def _small_rake_shares(total_in: list[int], rake: int, pot: int, n: int) -> list[int]:
    """``_rake_shares`` of at most ten players where the rake and the pot are below 2**31: the same
    arithmetic, compiled on C integers (every product stays below 2**62) in a block of ``2 * n`` of them (``ints_api``:
    compiled, no list of ten numbers made and converted for each C array)."""
    block = _ints_api.zeros(2 * n)  # the shares, then the remainders
    try:
        left = rake
        for j in range(n):
            raw = total_in[j]  # (compiled: read as a C integer, then multiplied as one)
            raw *= rake
            block[j] = raw // pot
            block[n + j] = raw % pot
            left -= block[j]
        while left > 0:  # the units left over go to the largest remainders (ties: table order), one each
            best = 0
            for j in range(1, n):
                if block[n + j] > block[n + best]:
                    best = j
            block[best] += 1
            block[n + best] = -1  # taken
            left -= 1
        shares = []
        for j in range(n):
            shares.append(block[j])
        return shares
    finally:
        _ints_api.free(block)


def _is_badugi(cards: tuple[Card, ...] | None) -> bool | None:
    """Whether four known cards have four ranks and four suits (``None`` when not four known cards)."""
    if cards is None or len(cards) != 4:
        return None
    # (each card compared with None by identity: ``None in cards`` compares each int with None through rich
    # comparisons, ~400 instructions a call compiled)
    if cards[0] is None or cards[1] is None or cards[2] is None or cards[3] is None:
        return None
    a, b, c, d = cards
    # four ranks: four different rank bits, whose sum is then their union (no bit_count method call);
    # four suits: all four suit bits
    ra, rb, rc, rd = 1 << (a >> 2), 1 << (b >> 2), 1 << (c >> 2), 1 << (d >> 2)
    return (ra + rb + rc + rd == (ra | rb | rc | rd)
            and (1 << (a & 3) | 1 << (b & 3) | 1 << (c & 3) | 1 << (d & 3)) == 15)


_COUNT_SLOT = {BET: 0, RAISE: 1, CALL: 2, CHECK: 3, FOLD: 4}
_FOLD, _CALL, _BET, _RAISE = FOLD, CALL, BET, RAISE
"""The action kinds under names of this module's own: C integer constants once compiled (``facts.pxd``)."""
"""Action kind -> its place in ``StreetActions`` (bets, raises, calls, checks, folds)."""
_SLOT_OF_KIND = [_COUNT_SLOT[kind] for kind in range(len(_COUNT_SLOT))]
"""``_COUNT_SLOT`` indexed by the kind (the table's kinds are 0..4); compiled, a C array (``facts.pxd``)."""

# The pre-draw facts of one player, as bits of one small int (opportunity and done flags; ``_DECIDED``: had a
# pre-draw decision). A walk's acts set them; the facts read them once. Cheaper than a list of bools per fact.
_VPIP, _PFR, _RFI_OPP, _RFI, _LIMP, _TB_OPP, _TB, _F3_OPP = 1, 2, 4, 8, 16, 32, 64, 128
_F3, _STEAL_OPP, _STEAL, _FS_OPP, _FS, _DECIDED = 256, 512, 1024, 2048, 4096, 8192
# The draw-play facts (``_PLAY_FIELDS``), as bits of one int a player.
_PAT_KNOWN, _SNOWED, _HELD_BADUGI, _BROKE_BADUGI, _BET_CALLED, _BET_FEWER, _FACED_PAT, _FOLD_TO_PAT = \
    1, 2, 4, 8, 16, 32, 64, 128
# A player's roles in the rounds after draw 1, 2, 3: bet or raised in round k (``_AGGRESSOR << k - 1``),
# called in it (``_CALLER << k - 1``), answered a pat bettor in it (``_ANSWERED << k - 1``); acted after a draw.
_AGGRESSOR, _CALLER, _ANSWERED, _ACTED = 1, 8, 64, 512
if ((_VPIP, _PFR, _RFI_OPP, _RFI, _LIMP, _TB_OPP, _TB, _F3_OPP, _F3, _STEAL_OPP, _STEAL, _FS_OPP, _FS)
        != tuple([1 << i for i in range(13)])
        or (_PAT_KNOWN, _SNOWED, _HELD_BADUGI, _BROKE_BADUGI, _BET_CALLED, _BET_FEWER, _FACED_PAT, _FOLD_TO_PAT)
        != tuple([1 << i for i in range(8)])):
    raise TypeError("_facts_of stores the flags as bits 0..12 and 0..7 in field order (fill_api.put_bits): update it")
_THREE_BOOLS = tuple((bool(b & 1), bool(b & 2), bool(b & 4)) for b in range(8))
"""``stood_pat`` / ``saw_draw`` by their bits (draw 1 = bit 0): eight shared tuples, none built a player."""
_NO_DRAWS = (None, None, None)
_DRAWN = tuple([(None if a == 0 else a - 1, None if b == 0 else b - 1, None if c == 0 else c - 1)
                for c in range(7) for b in range(7) for a in range(7)])
"""Every ``PlayerFacts.drawn`` whose three counts are each ``None`` or an int 0..5, made once, by ``_drawn_key``
of each (draw 1 lowest, base 7): no tuple built (and freed with the record) a player who saw a draw."""


def _drawn_key(count: object) -> int:
    """A draw's count as a digit of ``_DRAWN``'s index: 0 for ``None``, ``1 + count`` for an int 0..5; a large
    negative number (the whole index negative) for anything else."""
    if count is None:
        return 0
    if type(count) is int and 0 <= count <= 5:  # (compiled: the comparisons before any conversion to C)
        return count + 1
    return -1000


_STREET_MEMO: dict[int | tuple[int, int, int, int, int], StreetActions] = {}
"""The ``StreetActions`` of each count seen (a few dozen in practice; kept under ``_STREET_MEMO_SIZE``)."""
_STREET_MEMO_SIZE = 4096


_SMALL_STREETS = tuple([_new_tuple(StreetActions, (k & 3, k >> 2 & 3, k >> 4 & 3, k >> 6 & 3, k >> 8 & 3))
                        for k in range(1024)])
"""The ``StreetActions`` of every round whose five counts are each below four (nearly all), made once, by their
counts two bits each (bets lowest): no key built and looked up a round. Measured (callgrind, worker path, mixed
corpus): see the commit that brought it."""


def _street_actions(bets: int, raises: int, calls: int, checks: int, folds: int) -> StreetActions:
    """One round's counts as a shared ``StreetActions`` (``_NO_ACTIONS`` when the player did nothing)."""
    if not (bets or raises or calls or checks or folds):
        return _NO_ACTIONS
    if (bets | raises | calls | checks | folds) < 4:
        return _SMALL_STREETS[bets | raises << 2 | calls << 4 | checks << 6 | folds << 8]
    # one int of the five counts (a byte each; no tuple built and hashed a look-up), a tuple past a byte
    if (bets | raises | calls | checks | folds) < 256:
        key = bets | raises << 8 | calls << 16 | checks << 24 | folds << 32
    else:
        key = (bets, raises, calls, checks, folds)
    actions = _STREET_MEMO.get(key)
    if actions is None:
        actions = _new_tuple(StreetActions, (bets, raises, calls, checks, folds))
        if len(_STREET_MEMO) < _STREET_MEMO_SIZE:
            _STREET_MEMO[key] = actions
    return actions


def _badugi_code(cards: object) -> int:
    """``_is_badugi`` as a number: 1 a badugi, 0 not, -1 unknown (compiled: a tuple's items read in C, no bool or
    ``None`` given back to test)."""
    if type(cards) is not tuple:  # ``None`` (or any other sequence): the general test
        known = _is_badugi(cards)  # type: ignore[arg-type]
        return -1 if known is None else (1 if known else 0)
    held = cards
    if len(held) != 4:
        return -1
    w, x, y, z = held[0], held[1], held[2], held[3]
    if w is None or x is None or y is None or z is None:
        return -1
    a, b, c, d = w, x, y, z
    ra, rb, rc, rd = 1 << (a >> 2), 1 << (b >> 2), 1 << (c >> 2), 1 << (d >> 2)
    if (ra + rb + rc + rd == (ra | rb | rc | rd)
            and (1 << (a & 3) | 1 << (b & 3) | 1 << (c & 3) | 1 << (d & 3)) == 15):
        return 1
    return 0


def _holding_play(stages: tuple, drawn: list) -> int:
    """Snows and broken badugis (``_PAT_KNOWN``, ``_SNOWED``, ``_HELD_BADUGI``, ``_BROKE_BADUGI``) of one player
    in a Badugi hand: whether the four cards going into each draw taken were a badugi, and standing pat."""
    bits = 0
    for k in range(1, 4):
        count = drawn[k - 1]
        if count is None:
            continue
        before = _badugi_code(stages[k - 1])
        if before == 1:
            bits |= _HELD_BADUGI
            if count > 0:
                bits |= _BROKE_BADUGI
        if count == 0:
            after = _badugi_code(stages[k]) if stages[k] is not None else before
            if after >= 0:
                bits |= _PAT_KNOWN
                if after == 0:
                    bits |= _SNOWED
    return bits


def _called_bets(block: list, drawn_of: list, n: int) -> None:
    """``_BET_CALLED`` / ``_BET_FEWER`` for each player who bet or raised in a round after a draw that another
    player called: fewer cards drawn at that draw than every such caller (all of their counts known). ``block``:
    ``_facts_of``'s (the draw-play bits at ``n``, the roles at ``2 * n``)."""
    for k in range(3):
        aggressor, caller = _AGGRESSOR << k, _CALLER << k
        for j in range(n):
            role = block[2 * n + j]
            if not role & aggressor:
                continue
            called = fewer_known = False
            fewest = 0
            for c in range(n):
                role = block[2 * n + c]
                if c == j or not role & caller:
                    continue
                count = drawn_of[c][k]
                if not called:
                    called, fewer_known = True, count is not None
                    if fewer_known:
                        fewest = count
                elif count is None:
                    fewer_known = False
                elif fewer_known and count < fewest:
                    fewest = count
            if called:
                drew = drawn_of[j][k]
                block[n + j] |= _BET_CALLED | (_BET_FEWER if drew is not None and fewer_known and drew < fewest else 0)


def player_facts(w: Walk, s: Settlement) -> tuple[PlayerFacts, ...]:
    """Every seated player's facts, from the walk and its settlement (read only), in one pass over its acts.

    Pre-draw: VPIP, PFR, RFI, limp, 3-bet, fold to 3-bet, steal, fold to steal (bits of ``pre``). After the
    draws: action counts per round (``counts``), betting with fewer cards drawn than every caller and folding
    to a pat bettor (``play``, ``roles``); the holdings facts (snows, broken badugis) are Badugi's only. The
    draw-count facts are every draw game's."""
    t = w.table
    n = t.n
    labels = _LABELS[n] if n < len(_LABELS) else tuple(position_labels(n))
    steals, blinds = _STEALS_AND_BLINDS[n] if n < len(_LABELS) else _steals_and_blinds(labels)
    hero = w.hero
    # per player, C integers once compiled (``ints_api``), all in one block of ``18 * n`` (one allocation, not four):
    # pre-draw bits at 0, draw-play bits at ``n``, roles after the draws at ``2 * n`` (only read when someone acted
    # after a draw) and counts at ``3 * n + player * 15 + round * 5 + slot``; given back below
    block = _ints_api.zeros(18 * n)
    try:
        return _facts_of(w, s, t, n, labels, steals, blinds, hero, block)
    finally:
        _ints_api.free(block)


def _facts_of(w: Walk, s: Settlement, t: Table, n: int, labels: tuple[str, ...], steals: tuple[bool, ...],
              blinds: tuple[bool, ...], hero: str | None, block: list[int]) -> tuple[PlayerFacts, ...]:
    """``player_facts``' work on the block it made for it (zeros: ``pre``, ``play``, ``roles``, ``n`` each, then
    ``15 * n`` counts)."""
    play_at, roles_at, counts_at = n, 2 * n, 3 * n
    collected = s.collected
    unsettled = s.unsettled  # players whose share of a derived pot hidden cards leave undecided
    anyone_unsettled = len(unsettled) != 0  # (usually no one: then no look-up a player)
    rake = s.rake if s.rake > 0 else 0
    shares = _rake_shares(t.total_in, rake) if rake else [0] * n
    drawn_of = w.drawn
    counted = False  # someone acted after a draw
    pat_bettor = [-1, -1, -1]  # who bet or raised first in round k having stood pat at draw k
    opener = -1
    opener_is_steal = False
    entered = False  # anyone called or raised voluntarily
    callers_since_open = 0
    for code in w.acts:  # in street order: pre-draw first (each packed by ``walk.act_code``)
        street, kind, raises_before, j = code & 255, code >> 8 & 15, code >> 12 & 15, code >> 16
        if street == 0:
            raising = kind == _BET or kind == _RAISE
            voluntary = raising or kind == _CALL
            bits = block[j]
            if voluntary:
                bits |= _VPIP | _PFR if raising else _VPIP
            if not bits & _DECIDED:
                bits |= _DECIDED
                if not entered:
                    bits |= _RFI_OPP | (_RFI if raising else 0) | (_LIMP if kind == _CALL else 0)
                    if steals[j]:  # (``labels[j] in STEAL_POSITIONS``, or the button heads-up)
                        bits |= _STEAL_OPP | (_STEAL if raising else 0)
                if (opener >= 0 and opener_is_steal and raises_before == 1 and callers_since_open == 0
                        and blinds[j]):  # (``labels[j] in BLIND_POSITIONS``)
                    bits |= _FS_OPP | (_FS if kind == _FOLD else 0)
            if raises_before == 1 and j != opener:
                bits |= _TB_OPP | (_TB if raising else 0)
            if raises_before == 2 and j == opener:
                bits = (bits | _F3_OPP | _F3) if kind == _FOLD else (bits | _F3_OPP) & ~_F3
            block[j] = bits
            if raising and raises_before == 0:
                opener = j
                opener_is_steal = (bits & _STEAL) != 0
                callers_since_open = 0
            elif kind == _CALL and opener >= 0:
                callers_since_open += 1
            if voluntary:
                entered = True
            continue
        if street > 3:
            break
        k = street - 1
        counted = True
        block[counts_at + j * 15 + k * 5 + _SLOT_OF_KIND[kind]] += 1
        role = block[roles_at + j] | _ACTED
        bettor = pat_bettor[k]
        if (bettor >= 0 and j != bettor and not role & (_ANSWERED << k)
                and (kind == _FOLD or kind == _CALL or kind == _RAISE)):
            role |= _ANSWERED << k
            block[play_at + j] |= _FACED_PAT | _FOLD_TO_PAT if kind == _FOLD else _FACED_PAT
        if kind == _BET or kind == _RAISE:
            role |= _AGGRESSOR << k
            if bettor < 0 and drawn_of[j][k] == 0:
                pat_bettor[k] = j
        elif kind == _CALL:
            role |= _CALLER << k
        block[roles_at + j] = role
    if counted:
        _called_bets(block, drawn_of, n)

    badugi = w.rules.game is BADUGI_GAME
    showdown = t.phase == SHOWDOWN
    names, seats, stacks, folded, allin, total_in = t.names, t.seats, t.start_stacks, t.folded, t.allin, t.total_in
    stages_of, folded_street = s.holdings, w.folded_street
    # all-in EV only where the betting closed before the showdown (allin_hand); else ev_net is the net
    evs = hand_ev(w, s) if showdown and t.active <= 1 else None
    if n == 0:
        return ()
    out = _fill_api.new(tuple, n)  # the result, filled player by player (``fill_api``: compiled, in place)
    for j in range(n):
        drawn_j = drawn_of[j]
        pat = saw = 0
        for k in range(3):
            count = drawn_j[k]
            if count is not None:
                saw |= 1 << k
                if count == 0:
                    pat |= 1 << k
        if saw == 0:
            drawn = _NO_DRAWS
        else:  # a shared tuple where each count is None or an int 0..5 (always, in practice), else one made
            d0, d1, d2 = drawn_j[0], drawn_j[1], drawn_j[2]
            key = _drawn_key(d0) + 7 * _drawn_key(d1) + 49 * _drawn_key(d2)
            drawn = _DRAWN[key] if key >= 0 else (d0, d1, d2)
        stood_pat, saw_draw = _THREE_BOOLS[pat], _THREE_BOOLS[saw]
        stages = stages_of[j]
        if (stages[0] is None and stages[1] is None and stages[2] is None and stages[3] is None
                and stages[4] is None):  # (the usual case: no card known)
            holdings = _NO_HOLDINGS
            play_j = block[play_at + j]
        else:
            holdings = _tuple_api.record(Holdings, (stages[0], (stages[1], stages[2], stages[3]), stages[4]))
            play_j = block[play_at + j]
            if badugi and saw != 0:
                play_j |= _holding_play(stages, drawn_j)
        at_showdown = showdown and not folded[j]
        if anyone_unsettled and j in unsettled:
            got = net = won = None
        else:
            got = collected[j]
            net = got - total_in[j]
            won = got > 0
        role = block[roles_at + j]
        if not counted or not role & _ACTED:
            streets = _NO_STREETS
        else:
            c = counts_at + j * 15
            streets = (_street_actions(block[c], block[c + 1], block[c + 2], block[c + 3], block[c + 4]),
                       _street_actions(block[c + 5], block[c + 6], block[c + 7], block[c + 8], block[c + 9]),
                       _street_actions(block[c + 10], block[c + 11], block[c + 12], block[c + 13],
                                       block[c + 14]))
        if evs is None:
            ev_net, ev_net_se, ev_method = net, None, None
        else:
            ev_net, ev_net_se, ev_method = evs[j]
        bits = block[j]
        name = names[j]
        # the record filled in ``PlayerFacts``' field order (``_FIELDS``; compiled, each item stored in place: no
        # tuple of the 44 values built first); the pre-draw flags are bits 0..12 of ``bits`` in field order
        # (``_VPIP`` .. ``_FS``), the draw-play flags bits 0..7 of ``play_j`` (``_PAT_KNOWN`` .. ``_FOLD_TO_PAT``)
        facts = _fill_api.new(PlayerFacts, 44)
        _fill_api.put(facts, 0, name)
        _fill_api.put(facts, 1, seats[j])
        _fill_api.put(facts, 2, labels[j])
        _fill_api.put(facts, 3, _names_api.same_text(name, hero))  # (``name == hero``, by bytes)
        _fill_api.put(facts, 4, stacks[j])
        _fill_api.put_bits(facts, 5, bits, 13)  # vpip .. fold_to_steal
        _fill_api.put(facts, 18, drawn)
        _fill_api.put(facts, 19, stood_pat)
        _fill_api.put(facts, 20, saw_draw)
        _fill_api.put(facts, 21, at_showdown)
        _fill_api.put(facts, 22, at_showdown and won)
        _fill_api.put(facts, 23, won)
        _fill_api.put(facts, 24, allin[j])
        _fill_api.put(facts, 25, folded_street[j])
        _fill_api.put(facts, 26, total_in[j])
        _fill_api.put(facts, 27, got)
        _fill_api.put(facts, 28, net)
        _fill_api.put(facts, 29, shares[j])
        _fill_api.put(facts, 30, streets)
        _fill_api.put(facts, 31, holdings)
        _fill_api.put(facts, 32, (bits & _DECIDED) != 0)
        _fill_api.put_bits(facts, 33, play_j, 8)  # pat_known .. fold_to_pat
        _fill_api.put(facts, 41, ev_net)
        _fill_api.put(facts, 42, ev_net_se)
        _fill_api.put(facts, 43, ev_method)
        _fill_api.put(out, j, _fill_api.done(PlayerFacts, facts))
    return _fill_api.done(tuple, out)

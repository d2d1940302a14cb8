"""The settled hand: one frozen value derived once, after the walk, from the walk's state and the rules.

Where the money went (pots with their eligible players and winners, what each pot paid, the rake, the
uncalled bets returned, each player's collection) and what the showdown revealed (holdings completed by
the shown cards). Every check (``checks.py``) and every fact (``facts.py``) reads the walk and this
value and writes neither, so the checks can run in any order.

A hand whose log claims collections is settled by those claims (the checks then judge them against the
rules' winners kept beside them); a hand without any is settled by the rules' awards (``awards.py``).

``Payout`` is a ``NamedTuple``, like the replay's other per-hand values (``replay_model``): immutable, and cheaper
to build than a frozen dataclass in the replay's hot path (STYLE B1). ``Settlement`` is set once by ``settle`` and
never written after: compiled, an extension type the checks and facts read in C (``settlement.pxd``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, NamedTuple

from . import alloc_api as _alloc_api
from . import awards as _awards
from . import fill_api as _fill_api
from . import names_api as _names_api
from . import slots_api as _slots_api
from . import tuple_api as _tuple_api
from .awards import award_winners, best_shown, half_amounts, half_classes, split, split_pot
from .cards import Card
from .games import BADUGI_GAME
from .record import Hand
from .replay_model import PotHalf, PotResult
from .rules import Rules
from .table import DONE, SHOWDOWN

if TYPE_CHECKING:
    from .walk import Walk

Stages = tuple[tuple[Card, ...] | None, ...]
"""A player's cards dealt, after draw 1, 2, 3 and shown (``None`` where unknown)."""


class Payout(NamedTuple):
    """Money one pot paid one player: a collection the room claims (less the uncalled chips a room
    folds into it, ``Rules.uncalled_in_collected``), or, for a hand without any, the rules' award."""

    player: str
    index: int | None  # table index; None: the room paid someone not dealt into the hand
    amount: int  # minor units
    pot: int  # 0 = the main (or only) pot, k = side pot k
    line: int  # the collect line; 0 for an award


class Settlement:
    """How one hand ended. Players are table indices (``Walk.names`` / ``Replay.order``) except in
    ``pots``, which are the replay's own ``PotResult`` s; money is in minor units. Set once by ``settle``, never
    written after (compiled, an extension type whose fields the checks and facts read as C struct members, read-only
    from Python: ``settlement.pxd``; a ``NamedTuple``'s field was a Python attribute look-up, ~110 instructions,
    ~30 a hand).

    - ``pots``: main pot first: its size before rake, who could win it, who the rules say won it (``None`` when
      hidden cards leave it open, or the hand never reached its end) and what it paid (the room's claims from it, or
      the rules' award).
    - ``claims``: per pot, the room's collections from it by players in the hand (pot name by pot name where a
      one-pot hand names several); empty with derived awards.
    - ``decided``: the hand reached a showdown or ended with one player left: its pots can have winners.
    - ``payouts``: every payout in log order: the room's collect claims (``pot`` read from their pot name), or the
      rules' awards when ``awards_derived``.
    - ``awards_derived``: the log claims no collected amounts: the pots went where the rules award them.
    - ``rake``: put in minus collected; with derived awards the rake the room claims (none: 0), at most the pot.
    - ``returned``: uncalled bets the rules returned: ``(player, amount)`` in the order the rounds closed.
    - ``collected``: what each player was paid (all pots).
    - ``unsettled``: players eligible for a derived pot hidden cards leave undecided: their nets are unknown.
    - ``revealed``: ``(player, cards, line)`` for every hand shown face up or mucked face up, once per player: a
      show, else a revealed muck, else the summary's cards.
    - ``holdings``: each player's ``Walk.stages`` completed by the revealed cards (a player who stood pat held the
      same cards before the draw).
    - ``shown_classes``: the Badugi class of the cards each player showed (``Walk.shows``), by table index, where
      judging the claimed pots valued them (``None``: the cards are no hand): ``check_labels`` reads them instead
      of valuing the hands again. Written only while settling.
    """

    __slots__ = ("pots", "claims", "decided", "payouts", "awards_derived", "rake", "returned", "collected",
                 "unsettled", "revealed", "holdings", "shown_classes")

    def __repr__(self) -> str:
        return "Settlement(" + ", ".join([f"{name}={getattr(self, name)!r}" for name in _SETTLEMENT_FIELDS]) + ")"


_SETTLEMENT_FIELDS = ("pots", "claims", "decided", "payouts", "awards_derived", "rake", "returned", "collected",
                      "unsettled", "revealed", "holdings", "shown_classes")


def settle(hand: Hand, w: Walk, rules: Rules) -> Settlement:
    """Settle a walked hand (neither cancelled nor truncated) once: see ``Settlement``."""
    t = w.table
    table_pots = t.pots()
    decided = t.phase in (SHOWDOWN, DONE) or t.left <= 1  # everyone else folded: the hand is over
    if w.collects:
        valued: dict[int, int | None] = {}
        pots, claims, payouts = _claimed_pots(w, rules, table_pots, decided, valued)
        paid = 0
        for payout in payouts:  # (compiled: no list made for ``sum``)
            paid += _tuple_api.item(payout, _P_AMOUNT)
        rake = t.pot_total - paid  # (``t.pot``, read as the table's C struct member)
        unsettled = _NOBODY
    else:
        valued = _NO_CLASSES
        pots, payouts, rake, unsettled = _awarded_pots(hand, w, rules, table_pots, decided)
        claims = ((),) * len(pots)
    collected = [0] * t.n
    for payout in payouts:
        index = _tuple_api.item(payout, _P_INDEX)
        if index is not None:
            j = index  # (compiled: a C integer, the list indexed in C)
            collected[j] += _tuple_api.item(payout, _P_AMOUNT)
    revealed = _revealed(hand, w)
    settled = Settlement.__new__(Settlement)  # (compiled: the type's allocation in C, each field a C struct member)
    settled.pots = pots
    settled.claims = claims
    settled.decided = decided
    settled.payouts = payouts
    settled.awards_derived = not w.collects
    settled.rake = rake
    settled.returned = tuple(t.returned)
    settled.collected = tuple(collected)
    settled.unsettled = unsettled
    settled.revealed = revealed
    settled.holdings = _holdings(w, revealed)
    settled.shown_classes = valued
    return settled


def _claimed_pots(w: Walk, rules: Rules, table_pots: list[tuple[int, list[int]]], decided: bool,
                  valued: dict[int, int | None]
                  ) -> tuple[tuple[PotResult, ...], tuple[tuple[Payout, ...], ...], tuple[Payout, ...]]:
    """The pots as the room's collections paid them, each with the winners the shown hands make (when
    the hand ``decided``); the claims per pot; every payout. Where the room folds a winner's uncalled
    chips into what they collected (``Rules.uncalled_in_collected`` without ``writes_uncalled``) they
    come out again, so a payout is what the pot paid. A one-pot hand whose lines name several pots (a
    room's own split of it) collected everything from that pot, listed pot name by pot name. ``valued``: the Badugi
    classes of the shown hands, filled as the pots' winners are found (``Settlement.shown_classes``)."""
    folded_in = not rules.writes_uncalled and rules.uncalled_in_collected
    t = w.table
    # (``None`` when there is nothing to take back: no dict made and looked up a collect)
    returned = dict(t.returned) if folded_in and len(t.returned) != 0 else None
    seated = t.names
    collects = w.collects
    count = len(collects)
    # every payout, filled in place in log order (``fill_api``: compiled, no list made then copied), and whether the
    # players in the hand were paid from more than one pot (no dict of payouts per pot made: each pot's claims are
    # read from the payouts below)
    rows = _fill_api.new(tuple, count)
    first_pot = None
    several = False
    for i in range(count):
        c = collects[i]
        found = _names_api.seat_index(seated, c.player)  # (``table.index_of.get``, a C scan compiled)
        j = found if found >= 0 else None
        amount = c.amount
        if returned is not None and j is not None and returned.get(j):
            amount -= min(returned.pop(j), amount)
        pot_index = _pot_index(c.pot)
        payout = _fill_api.new(Payout, 5)  # (in ``Payout``'s field order: ``_P_PLAYER`` .. ``_P_LINE``)
        _fill_api.put(payout, 0, c.player)
        _fill_api.put(payout, 1, j)
        _fill_api.put(payout, 2, amount)
        _fill_api.put(payout, 3, pot_index)
        _fill_api.put(payout, 4, c.line)
        _fill_api.put(rows, i, _fill_api.done(Payout, payout))
        if found >= 0:
            if first_pot is None:
                first_pot = pot_index
            elif pot_index != first_pot:
                several = True
    rows = _fill_api.done(tuple, rows)
    pot_count = len(table_pots)
    merged = None  # a one-pot hand's claims named pot by pot: all from that pot
    if pot_count == 1 and several:
        by_pot: dict[int, list[Payout]] = {}
        for p in rows:
            if _tuple_api.item(p, _P_INDEX) is not None:
                by_pot.setdefault(_tuple_api.item(p, _P_POT), []).append(p)
        merged = tuple([p._replace(pot=0) for k in sorted(by_pot) for p in by_pot[k]])
        rows = tuple([p._replace(pot=0) for p in rows])
    if pot_count == 0:
        return (), (), rows
    names = w.names
    pots = _fill_api.new(tuple, pot_count)  # (``fill_api``: each pot's result and claims stored in place)
    claims = _fill_api.new(tuple, pot_count)
    game = rules.game
    for k in range(pot_count):
        amount, eligible = table_pots[k]
        claimed = merged if merged is not None else _claimed_from(rows, k)
        if len(game.halves) == 2:  # (``game.is_split``, read without its Python-level property)
            halves = tuple([best_shown(w.shows, eligible, value) if decided else None for value in half_classes(game)])
            paid_total = sum([p.amount for p in claimed])
            _fill_api.put(pots, k, _split_pot(amount, eligible, halves, paid_total, claimed, names, rules))
        else:
            # (Badugi's class by default: ``half_classes(BADUGI_GAME)[0]`` is ``hand_class``, not looked up a pot; each
            # shown Badugi hand valued once, kept in ``valued``)
            if not decided:
                winners = None
            elif game is BADUGI_GAME:
                winners = _awards.best_shown(w.shows, eligible, None, valued)
            else:
                winners = _awards.best_shown(w.shows, eligible, _awards.half_classes(game)[0])
            _fill_api.put(pots, k, _pot(amount, eligible, winners, claimed, names))
        _fill_api.put(claims, k, claimed)
    return _fill_api.done(tuple, pots), _fill_api.done(tuple, claims), rows


def _claimed_from(rows: tuple[Payout, ...], k: int) -> tuple[Payout, ...]:
    """The payouts from pot ``k`` to players in the hand, in log order (``Settlement.claims``' item)."""
    count = 0
    for p in rows:
        if _tuple_api.item(p, _P_INDEX) is not None and _tuple_api.item(p, _P_POT) == k:
            count += 1
    if count == 0:
        return ()
    made = _fill_api.new(tuple, count)
    i = 0
    for p in rows:
        if _tuple_api.item(p, _P_INDEX) is not None and _tuple_api.item(p, _P_POT) == k:
            _fill_api.put(made, i, p)
            i += 1
    return _fill_api.done(tuple, made)


def _awarded_pots(hand: Hand, w: Walk, rules: Rules, table_pots: list[tuple[int, list[int]]], decided: bool
                  ) -> tuple[tuple[PotResult, ...], tuple[Payout, ...], int, frozenset[int]]:
    """The rules' awards, for a hand whose log claims no collected amount: the pots, the payouts, the
    rake taken and the players of undecided pots. A rake the room claims comes off the main pot first
    (none claimed: no rake; at most the pots: more is check_rake's rake.mismatch); each pot goes to
    ``award_winners``, a tie split with the odd chip left of the button. A pot hidden cards leave
    undecided is not awarded."""
    claimed_rake = hand.claims.rake
    rake_left = claimed_rake if claimed_rake is not None and claimed_rake > 0 else 0
    names = w.names
    pots: list[PotResult] = []
    payouts: list[Payout] = []
    unsettled: set[int] = set()
    taken = 0
    game = rules.game
    for k, (amount, eligible) in enumerate(table_pots):
        take = min(rake_left, amount)
        rake_left -= take
        taken += take
        if len(game.halves) == 2:  # (``game.is_split``, read without its Python-level property)
            halves = tuple([award_winners(w.shows, w.mucks, eligible, value) if decided and eligible else None
                            for value in half_classes(game)])
            if None in halves:
                unsettled.update(eligible)
                paid: list[Payout] = []
            else:
                shares = split_pot(amount - take, halves, rules.odd_chip_unit, rules.split_odd_chip_half)  # type: ignore[arg-type]
                paid = [Payout(names[j], j, share, k, 0) for j, share in shares.items()]
            pots.append(_split_pot(amount, eligible, halves, amount - take, paid, names, rules))
            payouts += paid
            continue
        winners = award_winners(w.shows, w.mucks, eligible, half_classes(game)[0]) if decided and eligible else None
        if winners is None:
            unsettled.update(eligible)
            paid = []
        else:
            paid = [Payout(names[j], j, share, k, 0)
                    for j, share in split(amount - take, winners, rules.odd_chip_unit).items()]
        pots.append(_pot(amount, eligible, winners, paid, names))
        payouts += paid
    return tuple(pots), tuple(payouts), taken, frozenset(unsettled)


def _pot(amount: int, eligible: list[int], winners: Sequence[int] | None, paid: Sequence[Payout],
         names: list[str], halves: tuple[PotHalf, ...] = ()) -> PotResult:
    """One pot as the replay reports it: players by name. (Comprehensions here and in ``settle`` build
    lists for ``tuple()``/``sum()``: a generator costs ~0.3 us a pot more, measured on Python 3.11.)"""
    pot = _alloc_api.new(PotResult)  # set slot by slot: the frozen dataclass's __init__ is a Python frame
    _slots_api.set_slot(_POT_AMOUNT, pot, amount)  # (each field through its slot's descriptor: ``slots_api``)
    _slots_api.set_slot(_POT_ELIGIBLE, pot, _names_of(eligible, names))
    _slots_api.set_slot(_POT_WINNERS, pot, None if winners is None else _names_of(winners, names))
    count = len(paid)
    if count == 0:
        pairs = ()
    else:  # (``fill_api``: compiled, each tuple filled in place, no list made first)
        pairs = _fill_api.new(tuple, count)
        for k in range(count):
            p = paid[k]
            pair = _fill_api.new(tuple, 2)
            _fill_api.put(pair, 0, _tuple_api.item(p, _P_PLAYER))
            _fill_api.put(pair, 1, _tuple_api.item(p, _P_AMOUNT))
            _fill_api.put(pairs, k, _fill_api.done(tuple, pair))
        pairs = _fill_api.done(tuple, pairs)
    _slots_api.set_slot(_POT_PAID, pot, pairs)
    _slots_api.set_slot(_POT_HALVES, pot, halves)
    return pot


def _names_of(players: Sequence[int], names: list[str]) -> tuple[str, ...]:
    """``tuple([names[j] for j in players])`` (compiled: the tuple filled in place, no list made first)."""
    count = len(players)
    if count == 0:
        return ()
    made = _fill_api.new(tuple, count)
    for k in range(count):
        j = players[k]  # (compiled: a C integer, ``names`` indexed in C)
        _fill_api.put(made, k, names[j])
    return _fill_api.done(tuple, made)


def _split_pot(amount: int, eligible: list[int], halves: tuple[tuple[int, ...] | None, ...], paid_total: int,
               paid: Sequence[Payout], names: list[str], rules: Rules) -> PotResult:
    """A split-pot game's pot: each half with its ranking, its part of what the pot paid and its winners;
    the pot's winners are everyone who won a half (table order), ``None`` while a half is undecided."""
    game = rules.game
    amounts = half_amounts(paid_total, len(halves), rules.odd_chip_unit, rules.split_odd_chip_half)
    parts = tuple(PotHalf(ranking.title, share, None if won is None else tuple([names[j] for j in won]))
                  for ranking, share, won in zip(game.halves, amounts, halves))
    winners = None if None in halves else sorted({j for won in halves for j in won})  # type: ignore[union-attr]
    return _pot(amount, eligible, winners, paid, names, parts)


def _revealed(hand: Hand, w: Walk) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
    """``Settlement.revealed``: a show face up first, else a muck the room reveals, else the summary."""
    revealed: list[tuple[int, tuple[Card, ...], int]] = []
    # (whether a player was found already: a scan of the few found, ``_found``; no set made, no Python int shifted)
    if w.shows:
        for j, show in w.shows.items():
            if show.cards:  # a show face down (PHH ``sm ????``) reveals nothing
                revealed.append((j, show.cards, show.line))
    if w.mucks:
        for j, muck in w.mucks.items():
            if muck.cards and not _found(revealed, j):
                revealed.append((j, muck.cards, muck.line))
    names = w.table.names
    for s in hand.claims.summary:
        if s.cards:
            i = _names_api.seat_index(names, s.player)
            if i >= 0 and not _found(revealed, i):
                revealed.append((i, s.cards, s.line))
    return tuple(revealed)


def _found(revealed: list[tuple[int, tuple[Card, ...], int]], j: int) -> bool:
    """Whether player ``j`` is in ``revealed`` already."""
    for item in revealed:
        if item[0] == j:
            return True
    return False


def _holdings(w: Walk, revealed: tuple[tuple[int, tuple[Card, ...], int], ...]) -> tuple[Stages, ...]:
    """The walk's stages with the revealed cards filled in: shown, and held after the player's last draw
    (and before each draw they stood pat at) where the log had not said."""
    if not revealed:
        return tuple(w.stages)
    holdings = list(w.stages)
    for item in revealed:
        j = item[0]  # (compiled: a C integer, each list indexed in C)
        cards = item[1]
        stages = list(w.stages[j])
        drawn = w.drawn[j]
        reached = (drawn[0] is not None) + (drawn[1] is not None) + (drawn[2] is not None)  # draws taken
        if stages[4] is None:
            stages[4] = tuple(cards)
        if stages[reached] is None:
            stages[reached] = tuple(cards)
        for k in range(reached - 1, -1, -1):  # stood pat at draw k+1: same cards before it
            if stages[k] is None and drawn[k] == 0 and stages[k + 1] is not None:
                stages[k] = stages[k + 1]
        holdings[j] = tuple(stages)
    return tuple(holdings)


# A ``Payout``'s fields by their place (``player``, ``index``, ``amount``, ``pot``, ``line``), read with ``_tuple_api.item``:
# compiled, a C read of the tuple's item where a field's name went through its class's descriptor (~150 instructions,
# callgrind; ~12 a hand in the settlement and the checks). Checked against ``Payout._fields`` in settlement.py.
_P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE = 0, 1, 2, 3, 4


_NOBODY: frozenset[int] = frozenset()
_NO_CLASSES: dict[int, int | None] = {}
"""``Settlement.shown_classes`` of a hand settled by the rules' awards (none kept): shared, never written."""

# A ``Payout`` every collect is built from its values in field order by ``_tuple_api.record`` (pure twin
# ``tuple.__new__``; compiled, the type's ``tp_alloc`` in C, as ``facts`` builds its records), not through its
# generated ``__new__`` (a Python function). Measured (callgrind, compiled, mixed corpus): ``tuple.__new__`` saved ~8k
# instructions a replay (of ~430k); the C call ~1.3k more a hand.
if Payout._fields[_P_PLAYER] != "player" or Payout._fields[_P_INDEX] != "index" or Payout._fields[_P_AMOUNT] != "amount" \
        or Payout._fields[_P_POT] != "pot" or Payout._fields[_P_LINE] != "line":
    raise TypeError("settlement and the checks read Payout's fields by these places: update _P_PLAYER ... _P_LINE")
if Payout._fields != ("player", "index", "amount", "pot", "line") or Settlement.__slots__ != _SETTLEMENT_FIELDS:
    raise TypeError("settlement builds Payout values in their field order and sets every Settlement field: update settle")

# ``_pot`` makes each ``PotResult`` with ``alloc_api.new`` (``object.__new__``; compiled, a C call) and sets every field
# once, as the frozen dataclass's own ``__init__`` would (it calls ``object.__setattr__`` from a Python frame for each
# one), like ``replay._result`` does for ``Replay``: compiled, each is one C call (``object_api``). Measured (callgrind,
# compiled, 1,500 mixed PokerStars hands replayed 3 times): ``_claimed_pots`` took 132M instructions with each field's
# slot setter called (``__set__``), against 153M with ``PotResult(...)`` (~4.6k a pot).
_POT_AMOUNT, _POT_ELIGIBLE, _POT_WINNERS, _POT_PAID, _POT_HALVES = (
    PotResult.__dict__["amount"], PotResult.__dict__["eligible"], PotResult.__dict__["winners"],
    PotResult.__dict__["paid"], PotResult.__dict__["halves"])
"""``PotResult``'s fields' slot descriptors, which ``_pot`` sets them through (``slots_api.set_slot``)."""
if tuple(field.name for field in fields(PotResult)) != ("amount", "eligible", "winners", "paid", "halves") \
        or hasattr(PotResult, "__post_init__"):
    raise TypeError("settlement._pot sets PotResult's 5 fields and runs no __post_init__: update it")


def _pot_index(name: str) -> int:
    """``pot``/``main`` -> 0, ``side`` -> 1, ``side-N`` -> N."""
    if name == "pot":  # most collections: no copies made
        return 0
    name = name.lower().replace(" ", "-")
    if name in ("pot", "main", "main-pot"):
        return 0
    if name.startswith("side"):
        tail = name.rsplit("-", 1)[-1]
        return int(tail) if tail.isdigit() else 1
    return 0

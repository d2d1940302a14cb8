"""The betting and draw state machine of one draw-game hand, shared by the replay and the simulator.

How to drive it
---------------
Players are given in any order with their seat numbers; the table orders them clockwise starting
left of the button, so index 0 is the first player left of the button and the button is last
(``table.names[i]`` is the name at index ``i``; every method takes that index)::

    t = Table(["Alice", "Bob", "Carol", "Ted"], seats=[1, 2, 3, 4], stacks=[10000] * 4,
              button_seat=1, limit=Limit.FIXED, small_bet=200, big_bet=400, rules=Rules())
    t.post(t.sb_index, "sb", 100)          # or t.post_blinds(100, 200)
    t.post(t.bb_index, "bb", 200)
    t.start()                              # deal: betting round 0 (pre-draw) begins
    while t.phase != DONE:
        if t.phase == BETTING:
            i = t.to_act
            opts = t.legal()               # Options: to_call, can_check, min_to / max_to
            t.act(i, CALL)                 # or FOLD / CHECK / CALL / BET, RAISE with amount = round total
        elif t.phase == DRAWING:
            t.draw(t.to_act, 2)            # cards thrown (0 = stand pat)
        elif t.phase == SHOWDOWN:
            break                          # t.pots() -> [(amount, [eligible indices])]

Every mutating method returns problems as a tuple of ``(code, expected, found)`` (empty when the move
was legal) and *applies the move anyway*, so a replay of a bad log stays in step with the log. The
simulator only plays moves ``legal()`` allows, so it never sees problems.

Rules encoded here: seat order; heads-up the button posts the small blind and acts first pre-draw
and last after; pre-draw starts left of the big blind, later rounds and every draw left of the
button; one betting round more than the game has draws (``rules.game``: three draws in triple draw,
one in single draw); fixed-limit units (the small bet, then the big bet from the game's
``big_bet_from_street``: rounds 2-3 in triple draw, round 1 in single draw) and the cap; pot, half-pot and
no-limit bounds; all-ins (fixed limit: an all-in raise of at least half a unit is a full raise;
other limits: an all-in below a full raise does not reopen); uncalled bets are returned when a round
closes (``returned``); main and side pots (``pots()``).

Speed: state is plain lists of ints/bools indexed by player; no allocation per action beyond the
returned problem tuple in the rare bad case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import ints_api as _ints_api
from .record import Limit, PostKind, Seat
from .rules import Rules

# action kinds
FOLD, CHECK, CALL, BET, RAISE = range(5)
ACTION_NAMES = ("fold", "check", "call", "bet", "raise")

# phases
POSTING, BETTING, DRAWING, SHOWDOWN, DONE = range(5)
_FOLD, _CHECK, _CALL, _BET, _BETTING = FOLD, CHECK, CALL, BET, BETTING
_DRAWING, _SHOWDOWN, _DONE = DRAWING, SHOWDOWN, DONE
"""(Kinds and phases under names of this module's own: C integer constants once compiled, ``table.pxd``.)"""
PHASE_NAMES = ("posting", "betting", "drawing", "showdown", "done")

NO_PROBLEMS: tuple = ()
_NO_PROBLEMS = NO_PROBLEMS
"""(``NO_PROBLEMS`` under a name of this module's own: compiled, a C global read without a module look-up.)"""

Problem = tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do now. ``min_to``/``max_to`` are round totals for a bet/raise
    (``None`` when betting or raising is not allowed); ``raise_kind`` is ``BET`` or ``RAISE``."""

    player: int
    to_call: int
    can_check: bool
    min_to: int | None
    max_to: int | None
    raise_kind: int
    stack: int


_POST_KIND = PostKind
_PK_BOTH, _PK_DEAD_SMALL, _PK_ANTE, _PK_BIG = PostKind.BOTH, PostKind.DEAD_SMALL, PostKind.ANTE, PostKind.BIG_BLIND
"""``post``'s kinds as ``PostKind`` members (a ``StrEnum``: comparing one with a str is a str subclass's rich
comparison, ~150 instructions, callgrind; each member equals its own value alone, so identity answers the same)."""
_FIXED, _POT, _HALF_POT = Limit.FIXED, Limit.POT, Limit.HALF_POT
"""Read once: an enum member looked up on its class costs a type attribute lookup each time (the enum
type's ``__getattr__`` hook: ~850 instructions, callgrind)."""

_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def _clockwise_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """``[k]``: every index of an ``n``-player table once, clockwise from ``k`` (kept per table size:
    the turn order is walked after every action). Measured (callgrind, real hands, same session): walking
    ``range(n)`` with ``(first + step) % n`` instead, a replay takes ~1,050k instead of ~1,030k
    instructions (2 %)."""
    orders = _CLOCKWISE[n] = tuple(tuple((k + step) % n for step in range(n)) for k in range(n))
    return orders


def _keys_turn(keys: list[int], n: int) -> int:
    """Where ``n`` keys ascending but turned at most once turn (0: not turned); -1 for keys in no such order."""
    turn = 0
    for k in range(1, n):
        if keys[k] < keys[k - 1]:
            turn = k
            break
    for k in range(turn + 1, n):
        if keys[k] < keys[k - 1]:
            return -1
    if turn and not keys[n - 1] < keys[0]:
        return -1
    return turn


def _small_clockwise_order(seats: Sequence[int], button_seat: int, n: int) -> list[int] | None:
    """``_clockwise_order`` of at most ten seats numbered 0..999 with a button 0..999 (every table a log writes)
    whose keys are ascending turned at most once, on C integers once compiled (the general walk below computes
    each key as a Python int: ~2,700 instructions a hand); ``None`` for anything else (the general walk decides).
    The same keys, the same turn and the same order."""
    keys = [0] * 10
    if n > 10 or type(button_seat) is not int or not 0 <= button_seat < 1000:
        return None
    button = button_seat
    for k in range(n):
        seat = seats[k]
        if type(seat) is not int or not 0 <= seat < 1000:
            return None
        number = seat
        keys[k] = (number - button - 1) % 1000  # (a Python modulo: compiled too, ``cdivision`` is off)
    turn = _keys_turn(keys, n)
    if turn < 0:
        return None
    order = []
    for k in range(turn, n):
        order.append(k)
    for k in range(turn):
        order.append(k)
    return order


def _seats_turn(seats: tuple[Seat, ...], button_seat: int, n: int) -> int:
    """Where ``_small_clockwise_order`` of the ``Seat`` records' seat numbers turns (its order is ``turn, turn + 1, ...,
    n - 1, 0, ..., turn - 1``), read from the records themselves; -1 where that function answers ``None`` (the general
    order decides). The same keys and the same tests."""
    keys = [0] * 10
    if n > 10 or type(button_seat) is not int or not 0 <= button_seat < 1000:
        return -1
    button = button_seat
    for k in range(n):
        seat = seats[k]
        value = seat.seat
        if type(value) is not int or not 0 <= value < 1000:
            return -1
        number = value
        keys[k] = (number - button - 1) % 1000
    return _keys_turn(keys, n)


def _clockwise_order(seats: Sequence[int], button_seat: int) -> list[int]:
    """The indices of ``seats`` clockwise from left of the button (ties in list order): the seats as the log
    lists them (ascending) turned at the button when they are in that order, else sorted."""
    small = _small_clockwise_order(seats, button_seat, len(seats))
    if small is not None:
        return small
    keys = [(seat - button_seat - 1) % 1000 for seat in seats]  # seats left of the button first
    n = len(keys)
    turn = 0  # where the keys start again from low: the first seat left of the button
    for k in range(1, n):
        if keys[k] < keys[k - 1]:
            turn = k
            break
    for k in range(turn + 1, n):
        if keys[k] < keys[k - 1]:
            return sorted(range(n), key=keys.__getitem__)  # not an ascending list turned once
    if turn and not keys[n - 1] < keys[0]:
        return sorted(range(n), key=keys.__getitem__)  # not turned at all, or tied across the turn
    order = []
    for k in range(turn, n):
        order.append(k)
    for k in range(turn):
        order.append(k)
    return order


_SHAPES: dict[int, tuple] = {}
"""``_rules_shape`` of each ``Rules`` object seen, by its id (kept with the object itself, so an id is never reused
while its entry stands; a few a process: one per room, limit and game)."""
_SHAPES_SIZE = 256


def _rules_shape(rules: Rules) -> tuple:
    """What a table reads of ``rules`` (frozen): ``(rules, draws, hand_size, big_bet_from_street,
    big_blind_is_small_bet, cap_bets, heads_up_uncapped, reopen numerator, reopen denominator)``, read once per
    ``Rules`` object. Measured (callgrind): each attribute read of a ``Rules`` or its ``Game`` cost ~175
    instructions, ~10 a hand in the table's set-up and every fixed-limit bet or raise."""
    found = _SHAPES.get(id(rules))
    if found is not None and found[0] is rules:
        return found
    if len(_SHAPES) >= _SHAPES_SIZE:
        _SHAPES.clear()
    game = rules.game
    num, den = rules.allin_reopen_fraction
    found = (rules, game.draws, game.hand_size, game.big_bet_from_street, rules.big_blind_is_small_bet,
             rules.cap_bets, rules.heads_up_uncapped, num, den)
    _SHAPES[id(rules)] = found
    return found


def _taken(problems: list[Problem]) -> tuple[Problem, ...]:
    """A move's problems as the tuple it returns, its table's list emptied for the next move."""
    found = tuple(problems)
    problems.clear()
    return found


class Table:
    """One hand's betting/draw state. See the module docstring for how to drive it."""

    __slots__ = ("names", "seats", "n", "limit", "small_bet", "big_bet", "rules", "stacks", "start_stacks",
                 "round_in", "total_in", "folded", "allin", "acted", "reopened", "gone", "excused", "phase",
                 "street", "draw_no", "to_act", "bet_to", "n_bets", "last_raise", "unit", "sb_index",
                 "bb_index", "big_blind", "returned", "cards_dealt", "heads_up", "bb_poster", "fixed",
                 "_index_of", "ended_street", "pot_total", "left", "active", "draws", "hand_size",
                 "big_bet_from", "antes", "dead_in", "orders", "cap_bets", "heads_up_uncapped", "reopen_num", "reopen_den",
                 "_problems")

    def __init__(self, players: Sequence[str], seats: Sequence[int], stacks: Sequence[int], button_seat: int,
                 limit: Limit, small_bet: int, big_bet: int, rules: Rules, big_blind: int | None = None) -> None:
        self._setup(players, seats, stacks, button_seat, limit, small_bet, big_bet, rules, big_blind)

    def __dealloc__(self) -> None:
        """Compiled: ``acted`` and ``reopened`` given back (C blocks, ``ints_api``); pure Python, never called."""
        _ints_api.free(self.acted)
        _ints_api.free(self.reopened)
        _ints_api.free(self.gone)

    @property
    def index_of(self) -> dict[str, int]:
        """Player name -> table index (the last seat of a name written twice), made on first read: the replay
        finds indices by ``names_api.seat_index`` (the same answers), so a hand builds this dict only when asked
        (callgrind, compiled, mixed corpus: building it took ~1.8k instructions a hand)."""
        if self._index_of is None:
            self._index_of = {name: i for i, name in enumerate(self.names)}
        return self._index_of

    def _setup(self, players: Sequence[str], seats: Sequence[int], stacks: Sequence[int], button_seat: int,
               limit: Limit, small_bet: int, big_bet: int, rules: Rules, big_blind: int | None) -> None:
        """``__init__``'s work in a method of its own: compiled, its locals are C types (``table.pxd``; an
        ``__init__`` cannot be declared there), so the seat order is walked as C integers."""
        order = _clockwise_order(seats, button_seat)
        n = len(order)
        names = []
        seat_numbers = []
        ordered_stacks = []
        for k in order:
            names.append(players[k])
            seat_numbers.append(seats[k])
            ordered_stacks.append(stacks[k])
        self._setup_rest(names, seat_numbers, ordered_stacks, n, limit, small_bet, big_bet, rules, big_blind)

    def _setup_seats(self, seats: tuple[Seat, ...], stacks: list[int] | None, button_seat: int, limit: Limit,
                     small_bet: int, big_bet: int, rules: Rules, big_blind: int | None) -> None:
        """The walk's set-up: ``_setup`` of the seats' players, seat numbers and stacks (``stacks`` in the seats' order
        in place of theirs, if given), read from the hand's ``Seat`` records in the table's order, with no lists of
        them in the seats' order made first (compiled: the seats' fields read as C struct members, the order found on
        C integers, ``_seats_turn``). The same order as ``_clockwise_order`` of their seat numbers."""
        n = len(seats)
        turn = _seats_turn(seats, button_seat, n)
        if turn < 0:  # not ascending seat numbers 0..999 turned once at the button: the general order decides
            players = [seat.player for seat in seats]
            numbers = [seat.seat for seat in seats]
            self._setup(players, numbers, stacks if stacks is not None else [seat.stack for seat in seats],
                        button_seat, limit, small_bet, big_bet, rules, big_blind)
            return
        # (each list made at its size and filled in place: compiled, a C store an item, no append growing it)
        names = [None] * n
        seat_numbers = [None] * n
        ordered_stacks = [None] * n
        for k in range(n):
            j = turn + k
            if j >= n:
                j -= n
            seat = seats[j]
            names[k] = seat.player
            seat_numbers[k] = seat.seat
            ordered_stacks[k] = seat.stack if stacks is None else stacks[j]
        self._setup_rest(names, seat_numbers, ordered_stacks, n, limit, small_bet, big_bet, rules, big_blind)

    def _setup_rest(self, names: list[str], seat_numbers: list[int], ordered_stacks: list[int], n: int, limit: Limit,
                    small_bet: int, big_bet: int, rules: Rules, big_blind: int | None) -> None:
        """The set-up's rest, the players' names, seat numbers and stacks given in the table's order."""
        self.names: list[str] = names
        self.seats: list[int] = seat_numbers
        self.n = n
        # the turn orders of this table's size, read once (``_next_to_act`` walks one after every action)
        self.orders = _CLOCKWISE.get(n) or _clockwise_orders(n)
        self._index_of: dict[str, int] | None = None  # made on first read (``index_of``): the replay reads none
        self.limit = limit
        self.fixed = limit == _FIXED
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.rules = rules
        # the game's shape and the betting rules, read once per Rules object: the hot paths compare against these
        (_, self.draws, self.hand_size, self.big_bet_from, big_blind_is_small_bet, self.cap_bets,
         self.heads_up_uncapped, self.reopen_num, self.reopen_den) = _rules_shape(rules)
        self.antes: list[int] | None = None  # each player's antes, once someone posts one
        self.dead_in: list[int] | None = None  # each player's dead blinds, once someone posts one (rare)
        self.stacks: list[int] = ordered_stacks
        self.start_stacks: list[int] = list(self.stacks)
        # [x] * self.n: a C integer count once compiled (one list filled in place, not a list multiplied)
        self.round_in: list[int] = [0] * self.n
        self.total_in: list[int] = [0] * self.n
        self.folded: list[bool] = [False] * self.n
        self.allin: list[bool] = [False] * self.n
        # who acted since the last full raise, and whom the betting is open to: read and written by this table alone,
        # so, compiled, blocks of C integers (``ints_api``: no list made and freed a hand, no bool object stored an
        # action; given back by ``__dealloc__``); pure Python, lists
        acted = self.acted = _ints_api.zeros(n)
        reopened = self.reopened = _ints_api.zeros(n)
        # each player's ``folded`` (bit 1) and ``allin`` (bit 2) as one C integer (set with the lists by ``_fold`` and
        # ``_set_allin``, their only writers): the turn walk after every action reads no list item, no bool object
        self.gone = _ints_api.zeros(n)
        for k in range(n):
            acted[k] = False
            reopened[k] = True
        # the round total each player was let off owing (a short call not all in, a check facing a bet), made by the
        # first such move (rare): ``None`` reads as nobody excused
        self.excused: list[int] | None = None
        self.returned: list[tuple[int, int]] = []
        self.phase = POSTING
        self.street = 0
        self.draw_no = 0
        self.to_act: int | None = None
        self.bet_to = 0
        self.n_bets = 0
        self.last_raise = 0
        self.unit = small_bet
        self.heads_up = n == 2
        # heads-up the button (last index) is the small blind; otherwise the first two left of it
        self.sb_index = n - 1 if n == 2 else 0
        self.bb_index = 0 if n == 2 else (1 if n > 1 else 0)
        if big_blind is None:  # fixed limit: the small bet; pot/no limit: small_bet/big_bet are the blinds
            big_blind = small_bet if (self.fixed and big_blind_is_small_bet) else big_bet
        self.big_blind = big_blind
        self.bb_poster: int | None = None
        self.cards_dealt = 0
        self.ended_street = -1
        self.pot_total = 0  # sum of total_in, kept as it changes
        self.left = n  # players not folded
        self._problems: list[Problem] = []  # a move's problems, emptied as they are returned (no list made a move)
        self.active = n  # players neither folded nor all in: those who could still put chips in

    # ---- posting --------------------------------------------------------------------------------

    def post(self, i: int, kind: str, amount: int) -> tuple[Problem, ...]:
        """A forced bet: ``kind`` is ``sb``, ``bb``, ``dead_sb``, ``both``, ``extra`` or ``ante``
        (``PostKind`` values). Live posts count toward calling; dead ones only go to the pot."""
        problems: tuple[Problem, ...] = _NO_PROBLEMS
        if amount > self.stacks[i]:
            problems = (("stack.exceeded", f"at most {self.stacks[i]}", str(amount)),)
            amount = self.stacks[i]
        if type(kind) is _POST_KIND:  # (the walk's: each member one object, so compared by identity, no str compare)
            both, dead, ante, big = kind is _PK_BOTH, kind is _PK_DEAD_SMALL, kind is _PK_ANTE, kind is _PK_BIG
        else:
            both, dead, ante, big = kind == "both", kind == "dead_sb", kind == "ante", kind == "bb"
        if both:
            live = min(amount, self.big_blind)
        elif dead or ante:
            live = 0
            if ante:
                if self.antes is None:
                    self.antes = [0] * self.n
                self.antes[i] += amount
        else:
            live = amount
        if live < amount and not ante:  # a dead small blind (alone or with the big): the pot's, not a bet
            if self.dead_in is None:
                self.dead_in = [0] * self.n
            self.dead_in[i] += amount - live
        self.stacks[i] -= amount
        self.total_in[i] += amount
        self.pot_total += amount
        self.round_in[i] += live
        if self.stacks[i] == 0:
            self._set_allin(i, True)
        if big and self.bb_poster is None:
            self.bb_poster = i
        return problems

    def post_blinds(self, small_blind: int, big_blind: int) -> None:
        """Post both blinds from the expected seats (simulator convenience)."""
        self.big_blind = big_blind
        self.post(self.sb_index, "sb", min(small_blind, self.stacks[self.sb_index]))
        self.post(self.bb_index, "bb", min(big_blind, self.stacks[self.bb_index]))

    def start(self) -> None:
        """Cards are dealt: pre-draw betting starts left of the big blind."""
        self.cards_dealt = self.n * self.hand_size
        self.phase = _BETTING
        self.street = 0
        self.unit = self.small_bet
        top = 0
        for j in range(self.n):
            if j == 0 or self.round_in[j] > top:
                top = self.round_in[j]
        self.bet_to = max(top, self.big_blind if self.bb_poster is not None else top)
        self.n_bets = 1 if self.bet_to > 0 else 0
        self.last_raise = self.big_blind
        # left of the big blind; with no big blind (antes only) left of the button
        first = self.bb_poster + 1 if self.bb_poster is not None else 0
        self.to_act = self._next_to_act(first % self.n if self.n else 0, inclusive=True)
        if self.to_act is None:
            self._close_round()

    def void(self) -> None:
        """The hand died before the deal (a player sat out after the blinds): every post goes back to its
        poster (``returned``) and nothing is played."""
        for j in range(self.n):
            amount = self.total_in[j]
            if amount:
                self.stacks[j] += amount
                self.total_in[j] = self.round_in[j] = 0
                self._set_allin(j, False)
                self.returned.append((j, amount))
        self.pot_total = 0
        self.to_act = None
        self.phase = DONE

    # ---- queries --------------------------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Everything put in so far (uncalled bets already returned are not in it)."""
        return self.pot_total

    def to_call(self, i: int) -> int:
        """Chips ``i`` must add to call now (capped by the stack)."""
        owed = self.bet_to - self.round_in[i]
        if owed <= 0:
            return 0
        return owed if owed < self.stacks[i] else self.stacks[i]

    def in_hand(self) -> list[int]:
        """Indices not folded, clockwise from left of the button."""
        return [i for i in range(self.n) if not self.folded[i]]

    def legal(self) -> Options:
        """The options of the player to act (betting phase only)."""
        i = self.to_act
        if i is None or self.phase != BETTING:
            raise ValueError(f"nobody is to act in phase {PHASE_NAMES[self.phase]}")
        to_call = self.to_call(i)
        stack = self.stacks[i]
        allin_to = self.round_in[i] + stack
        kind = BET if self.bet_to == 0 else RAISE
        min_to = max_to = None
        if stack > to_call and self.reopened[i] and self._others_can_respond(i):
            if self.fixed:
                target = self._fixed_target()
                if target is not None:
                    min_to = max_to = min(target, allin_to)
            else:
                lo = self.bet_to + self._min_raise() if self.bet_to else max(self.big_blind, 1)
                hi = allin_to
                if self.limit == _POT or self.limit == _HALF_POT:
                    owed = self.bet_to - self.round_in[i]
                    room = self.pot + owed
                    if self.limit == _HALF_POT:
                        room //= 2
                    hi = min(hi, self.bet_to + max(room, lo - self.bet_to))
                min_to, max_to = min(lo, allin_to), hi
        return Options(i, to_call, to_call == 0, min_to, max_to, kind, stack)

    def _min_raise(self) -> int:
        """Pot/no limit: the smallest raise increment (the last full raise, never below the big blind)."""
        if self.rules.nl_min_raise_is_last_raise:
            return max(self.last_raise, self.big_blind)
        return max(self.big_blind, 1)

    def _others_can_respond(self, i: int) -> bool:
        """Someone besides ``i`` is neither folded nor all in."""
        return self.active - (0 if self.folded[i] or self.allin[i] else 1) > 0

    def _fixed_target(self) -> int | None:
        """Fixed limit: the round total a bet/raise must reach now, or None when capped."""
        unit = self.unit
        level = self.n_bets * unit
        if self.bet_to < level:  # an all-in counted as a full raise: complete it
            return level
        cap = self.cap_bets
        if cap is not None and self.n_bets >= cap:
            if not (self.heads_up_uncapped and self._players_left() == 2):
                return None
        return level + unit

    def _players_left(self) -> int:
        return self.left

    # ---- betting --------------------------------------------------------------------------------

    def act(self, i: int, kind: int, amount: int | None = None) -> tuple[Problem, ...]:
        """Apply an action of player ``i``: ``FOLD``, ``CHECK``, ``CALL`` (``amount`` = chips added,
        ``None`` = the right amount), ``BET``/``RAISE`` (``amount`` = the round total bet/raised to)."""
        problems = self._problems
        if problems:  # (left over only by a move that raised)
            problems.clear()
        gone = self.gone[i]  # (``folded[i]``: bit 1, ``allin[i]``: bit 2)
        if self.phase != _BETTING or gone & 1 or (gone & 2 and self.stacks[i] == 0):
            problems.append(("order.out_of_turn", "no action" if self.to_act is None else self.names[self.to_act],
                             self.names[i]))
            if self.phase != _BETTING or gone & 1:
                return _taken(problems)
        elif self.to_act != i:
            problems.append(("order.out_of_turn", self.names[self.to_act] if self.to_act is not None else "no action",
                             self.names[i]))
        owed = self.bet_to - self.round_in[i]
        if kind == _FOLD:
            self._fold(i)
        elif kind == _CHECK:
            if owed > 0 and (self.excused is None or self.excused[i] < self.bet_to):
                problems.append(("check.facing_bet", f"call {owed}", "check"))
                self._excuse(i)
        elif kind == _CALL:
            due = owed if owed < self.stacks[i] else self.stacks[i]
            if amount is None:
                amount = due
            if owed <= 0:
                problems.append(("call.wrong_amount", "check (nothing to call)", f"call {amount}"))
            elif amount != due:
                problems.append(("call.wrong_amount", str(due), str(amount)))
            self._put(i, amount, problems)
            if self.round_in[i] < self.bet_to and not self.allin[i]:
                self._excuse(i)
        else:
            self._bet_or_raise(i, kind, amount if amount is not None else 0, problems)
        self.acted[i] = True
        self.reopened[i] = False
        self.to_act = self._next_to_act(i)
        if self.to_act is None:
            self._close_round()
        return _taken(problems) if problems else _NO_PROBLEMS

    def _excuse(self, i: int) -> None:
        """Player ``i`` owes nothing more this round up to the current bet (``excused`` made at the first)."""
        if self.excused is None:
            self.excused = [0] * self.n
        self.excused[i] = self.bet_to

    def kill(self, i: int) -> None:
        """The room folds player ``i`` out of turn (``Rules.kills_sitting_out_all_in``): their chips stay in
        the pot, dead; whose turn it is does not change, unless no one is left to play against."""
        if self.folded[i]:
            return
        self._fold(i)
        if self.phase == BETTING and self.left < 2:
            self.to_act = None
            self._close_round()

    def _put(self, i: int, amount: int, problems: list[Problem]) -> None:
        # (the lists as typed locals and the stack read once: compiled, list items read and set in place)
        stacks, round_in, total_in = self.stacks, self.round_in, self.total_in
        stack = stacks[i]
        if amount > stack:
            problems.append(("stack.exceeded", f"at most {stack}", str(amount)))
            amount = stack
        if amount < 0:
            amount = 0
        stack = stack - amount
        stacks[i] = stack
        round_in[i] = round_in[i] + amount
        total_in[i] = total_in[i] + amount
        self.pot_total += amount
        if stack == 0:
            self._set_allin(i, True)

    def _fold(self, i: int) -> None:
        self.folded[i] = True
        self.gone[i] |= 1
        self.left -= 1
        if not self.allin[i]:
            self.active -= 1

    def _set_allin(self, i: int, all_in: bool) -> None:
        if self.allin[i] != all_in:
            self.allin[i] = all_in
            self.gone[i] = self.gone[i] | 2 if all_in else self.gone[i] & ~2
            if not self.folded[i]:
                self.active += -1 if all_in else 1

    def _bet_or_raise(self, i: int, kind: int, raise_to: int, problems: list[Problem]) -> None:
        # (compiled: the tests as C truth values, ``round_in[i]`` read once before the put, the pot as the member)
        prev_to = self.bet_to
        round_in = self.round_in
        mine = round_in[i]
        allin_to = mine + self.stacks[i]
        goes_allin = raise_to >= allin_to
        opened = prev_to > 0
        if kind == _BET and opened:
            problems.append(("bet.facing_bet", f"raise (already bet to {prev_to})", f"bet {raise_to}"))
        if not self.reopened[i] and opened:
            problems.append(("bet.not_reopened", "call or fold (the betting was not reopened)", f"raise to {raise_to}"))
        if self.fixed:
            unit = self.unit
            level = self.n_bets * unit
            completing = prev_to < level
            cap = self.cap_bets
            capped = (not completing and cap is not None and self.n_bets >= cap
                      and not (self.heads_up_uncapped and self.left == 2))  # (``_players_left()``)
            target = level if completing else level + unit
            if problems and problems[-1][0] == "bet.not_reopened":
                pass
            elif capped:
                problems.append(("bet.over_cap", f"at most {cap} bets (capped at {level})", f"raise to {raise_to}"))
            elif raise_to != target and not (goes_allin and prev_to < raise_to < target):
                problems.append(("bet.wrong_size", f"to {target}", f"to {raise_to}"))
            # how the level moves: a full raise (or an all-in of at least the reopen fraction)
            full = raise_to >= target
            if not full:
                num, den = self.reopen_num, self.reopen_den
                full = (raise_to - max(prev_to, level)) * den >= unit * num
            if completing and raise_to >= level:
                full_raise = raise_to > level  # past the completed level: a new bet too
                if full_raise:
                    self.n_bets += 1
                reopen = True
            elif full and raise_to > prev_to:
                self.n_bets += 1
                reopen = True
            else:
                reopen = False
        else:
            increment = raise_to - prev_to
            min_inc = self._min_raise() if prev_to else max(self.big_blind, 1)
            reopen = increment >= min_inc
            if not reopen and not goes_allin:
                problems.append(("bet.over_limit", f"at least to {prev_to + min_inc}", f"to {raise_to}"))
            if self.limit == _POT or self.limit == _HALF_POT:
                owed = prev_to - mine
                room = self.pot_total + max(owed, 0)  # (``self.pot``)
                if self.limit == _HALF_POT:
                    room //= 2
                top = prev_to + max(room, min_inc)
                if raise_to > top:
                    problems.append(("bet.over_limit", f"at most to {top}", f"to {raise_to}"))
            if reopen:
                self.last_raise = increment
        if raise_to <= prev_to:
            # not a raise at all: treat as what it adds
            reopen = False
        self._put(i, raise_to - mine, problems)
        now = round_in[i]
        if now > self.bet_to:
            self.bet_to = now
        if reopen:
            gone, acted, reopened = self.gone, self.acted, self.reopened
            for j in range(self.n):
                if j != i and not gone[j]:  # (neither folded nor all in)
                    acted[j] = False
                    reopened[j] = True

    def _next_to_act(self, start: int, inclusive: bool = False) -> int | None:
        """The next player clockwise from ``start`` who must act: not folded, not all-in, and either owing
        chips or not having acted since the last full raise while someone else could still respond to
        a bet. Runs after every action, so it reads the lists directly."""
        n = self.n
        if self.left < 2:
            return None
        gone, acted = self.gone, self.acted
        round_in, excused, bet_to = self.round_in, self.excused, self.bet_to
        orders = self.orders  # (made once per table: no dictionary look-up per action)
        for j in orders[start if inclusive else (start + 1) % n]:
            if gone[j]:  # (folded or all in)
                continue
            if round_in[j] < bet_to and (excused is None or excused[j] < bet_to):
                return j
            if acted[j]:
                continue
            # j has not acted: only if someone else could still respond to a bet (if nobody can,
            # nobody can for any later j either, as j is one of those not folded and not all-in)
            return j if self.active > 1 else None  # (``_others_can_respond(j)``: j counts among the active)
        return None

    def close_round(self) -> bool:
        """Close the betting round now (the log moved on). True if someone still had to act."""
        if self.phase != _BETTING:
            return False
        pending = self.to_act is not None
        self.to_act = None
        self._close_round()
        return pending

    def _close_round(self) -> None:
        """Return the uncalled part of the top bet, then move to the next draw or the showdown."""
        ri = self.round_in
        top = next_top = 0  # the highest round total and the highest of the others (0 alone at the table)
        lone = -1  # who alone put in ``top``, if one player did
        for j in range(self.n):
            amount = ri[j]
            if j == 0 or amount > top:
                if j:
                    next_top = top
                top, lone = amount, j
            else:
                if amount == top:
                    lone = -1
                if j == 1 or amount > next_top:
                    next_top = amount
        if self.antes is not None and self.street == 0 and self.rules.unmatched_antes_returned:
            self._return_unmatched_antes()
        elif top > 0 and lone >= 0:  # a lone top bet: its excess over the next is uncalled
            extra = top - next_top  # > 0 as top is alone
            ri[lone] -= extra
            self._give_back(lone, extra)
        self.ended_street = self.street
        if self._players_left() < 2:
            self.phase = _DONE
            return
        if self.street >= self.draws:
            self.phase = _SHOWDOWN
            return
        self.phase = _DRAWING
        self.draw_no = self.street + 1
        self.to_act = self._next_drawer(0)

    def _return_unmatched_antes(self) -> None:
        """Pre-draw with antes (``Rules.unmatched_antes_returned``): the lone top of bet plus ante is
        returned above the next player's, from the bet first, then from the ante. With equal antes this
        is the lone top bet's excess; a player all in for less than the ante gets the rest of everyone's
        ante back (PokerStars: ``posts the ante 1 and is all-in`` against ante 25 + big blind 100 returns 124)."""
        ri, antes = self.round_in, self.antes
        live = [bet + ante for bet, ante in zip(ri, antes)]  # type: ignore[arg-type]
        top = max(live) if self.n else 0
        if top <= 0 or live.count(top) != 1:
            return
        j = live.index(top)
        extra = top - (sorted(live)[-2] if self.n > 1 else 0)
        from_bet = min(extra, ri[j])
        ri[j] -= from_bet
        antes[j] -= extra - from_bet  # type: ignore[index]
        self._give_back(j, extra)

    def _give_back(self, j: int, extra: int) -> None:
        """Chips ``j`` put in that no one matched go back to their stack (an uncalled bet or ante)."""
        self.total_in[j] -= extra
        self.pot_total -= extra
        self.stacks[j] += extra
        if self.stacks[j] > 0:
            self._set_allin(j, False)
        self.returned.append((j, extra))

    # ---- draws ----------------------------------------------------------------------------------

    def _next_drawer(self, start: int) -> int | None:
        for j in range(start, self.n):
            if not self.gone[j] & 1:  # (``folded[j]``)
                return j
        return None

    def draw(self, i: int, count: int) -> tuple[Problem, ...]:
        """Player ``i`` throws ``count`` cards and receives as many (0 = stands pat)."""
        problems = self._problems
        if problems:  # (left over only by a move that raised)
            problems.clear()
        if self.phase != _DRAWING or self.gone[i] & 1:  # (``folded[i]``)
            problems.append(("order.out_of_turn", "no draw" if self.to_act is None else self.names[self.to_act],
                             f"{self.names[i]} draws"))
            return _taken(problems)
        if self.to_act != i:
            problems.append(("order.out_of_turn", self.names[self.to_act] if self.to_act is not None else "no draw",
                             f"{self.names[i]} draws"))
        if not 0 <= count <= self.hand_size:
            problems.append(("draw.count_mismatch", f"0..{self.hand_size} cards", str(count)))
        self.cards_dealt += count
        nxt = self._next_drawer(i + 1)
        self.to_act = nxt
        if nxt is None:
            self._start_round(self.draw_no)
        return _taken(problems) if problems else _NO_PROBLEMS

    def end_draw(self) -> bool:
        """Finish the draw now (the log moved on). True if someone had not drawn."""
        if self.phase != _DRAWING:
            return False
        pending = self.to_act is not None
        self.to_act = None
        self._start_round(self.draw_no)
        return pending

    def _start_round(self, street: int) -> None:
        self.phase = _BETTING
        self.street = street
        self.unit = self.big_bet if street >= self.big_bet_from else self.small_bet
        self.bet_to = 0
        self.n_bets = 0
        self.last_raise = self.big_blind
        round_in, acted, reopened = self.round_in, self.acted, self.reopened
        self.excused = None
        for j in range(self.n):  # the lists are reset in place (their identity never changes)
            round_in[j] = 0
            acted[j] = False
            reopened[j] = True
        self.to_act = self._next_to_act(0, inclusive=True)
        if self.to_act is None:
            self._close_round()

    # ---- pots -----------------------------------------------------------------------------------

    def pots(self) -> list[tuple[int, list[int]]]:
        """Main pot first, then side pots: ``(amount, eligible indices)``; eligible = not folded and
        in for at least that level. Dead money above the last live level joins the last pot. A dead blind
        is no part of its poster's level: it goes to the main pot (a real Full Tilt hand: a dead small
        blind's poster called to the river and lost; the room wrote one pot, not a side pot of 1.25 for him)."""
        dead = self.dead_in
        if dead is None:
            return _pots(self.total_in, self.folded, self.n)
        out = _pots([self.total_in[j] - dead[j] for j in range(self.n)], self.folded, self.n)
        extra = sum(dead)
        if out:
            out[0] = (out[0][0] + extra, out[0][1])
        elif extra:
            out.append((extra, [j for j in range(self.n) if not self.folded[j]]))
        return out

    def __repr__(self) -> str:
        return (f"Table(phase={PHASE_NAMES[self.phase]}, street={self.street}, to_act={self.to_act}, "
                f"bet_to={self.bet_to}, stacks={self.stacks}, in={self.total_in})")


def _pots(c: list[int], folded: list[bool], n: int) -> list[tuple[int, list[int]]]:
    """``Table.pots`` of the contributions ``c``."""
    live = []
    alike = True  # every live player in for the same (the usual case): one pot holds it all
    for j in range(n):
        if not folded[j]:
            if live and c[j] != c[live[0]]:
                alike = False
            live.append(j)
    if alike and live:
        total = 0
        for x in c:
            if x < 0:
                break
            total += x
        else:
            return [(total, live)] if total else []
    levels = sorted({c[j] for j in live})
    out: list[tuple[int, list[int]]] = []
    prev = 0
    for lv in levels:
        amount = sum([(x if x < lv else lv) - (x if x < prev else prev) for x in c])
        eligible = [j for j in live if c[j] >= lv]
        if amount:
            if out and out[-1][1] == eligible:
                out[-1] = (out[-1][0] + amount, eligible)
            else:
                out.append((amount, eligible))
        prev = lv
    rest = sum([x - prev for x in c if x > prev])
    if rest:
        if out:
            out[-1] = (out[-1][0] + rest, out[-1][1])
        else:
            out.append((rest, live))
    return out

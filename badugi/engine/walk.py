"""The walk of one ``Hand``: its events through the ``Table``, in log order, checking what each one claims.

``Walk`` never raises on a bad log: every disagreement becomes a ``Violation`` and the walk applies the
claimed move anyway so the rest of the hand can still be checked. Its state is what the settlement
(``settlement.py``), the checks (``checks.py``) and the per-player facts (``facts.py``) read once the walk
has ended; none of them writes it. ``replay.replay`` runs the whole replay.

Compiled from this file with the Cython declarations in ``walk.pxd`` (``Walk`` as an extension type
whose fields the settlement, checks and facts read directly); the file itself stays plain Python.
"""

from __future__ import annotations

from . import cards_api as _cards_api
from . import names_api as _names_api
from . import tuple_api as _tuple_api
from .cards import Card, format_cards
from .record import (Bet, Call, CapNotice, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Muck, Post,
                     PostKind, Raise, Seat, Show, Uncalled)
from .replay_model import Step
from .rules import Rules
from .table import BET, BETTING, CALL, CHECK, DONE, DRAWING, FOLD, POSTING, RAISE, SHOWDOWN, Table
from .violations import CODES, Violation

_KIND_NAMES = ("fold", "check", "call", "bet", "raise")
_FOLD, _CHECK, _CALL, _BET, _RAISE = FOLD, CHECK, CALL, BET, RAISE
_POSTING, _BETTING, _DRAWING = POSTING, BETTING, DRAWING
"""The table's action kinds and phases under names of this module's own: compiled, C integer constants
(``walk.pxd``), so comparing them with the table's phase or an action's kind is a C comparison."""
_SMALL_BLIND, _BIG_BLIND, _ANTE = PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.ANTE
_POST_KIND = PostKind
_CARD = Card
"""Read once: an enum member read from its class goes through the enum type's ``__getattr__`` hook
(measured, callgrind: ~850 instructions each, three a hand in ``on_post``)."""


class Walk:
    """Mutable state of one replay while it walks the events (private to the engine; never kept after
    ``replay`` returns). Once the walk ends nothing writes it: the settlement and the checks read it."""

    __slots__ = ("hand", "rules", "violations", "steps", "hero", "big_blind", "table", "names",
                 "stages", "drawn", "discards", "new_cards", "draw_slots", "shows", "mucks", "collects", "uncalled",
                 "acts", "raises_in_round", "folded_street", "sb_post", "bb_post", "started", "return_lines",
                 "dead", "ante", "pots_judged", "labels", "misplaced")

    def __init__(self, hand: Hand, rules: Rules, record_steps: bool = False) -> None:
        self._setup(hand, rules, record_steps)

    def _setup(self, hand: Hand, rules: Rules, record_steps: bool) -> None:
        """``__init__``'s work in a method of its own: compiled, ``hand`` is typed (``walk.pxd``; an
        ``__init__`` cannot be declared there), so its fields read as C struct members."""
        self.hand = hand
        self.rules = rules
        # what the walk itself found (order, sizes, stacks, cards). This and the other lists and dicts set to ``_NONE``
        # / ``_NONE_OF`` below start as that one shared empty list or dict, never written: the walk's first write gives
        # the walk one of its own (most hands write few of them; nothing else writes a walk)
        self.violations: list[Violation] = _NONE
        # Steps are recorded only when asked for (``replay_steps``): the checks and facts never read them.
        self.steps: list[Step] | None = [] if record_steps else None
        self.hero = hand.hero
        seats = hand.seats
        if _anyone_out(seats):  # rare: only then look for who acted, and seat just them
            seats = _seated(hand, seats)
        self.big_blind = _big_blind(hand)
        button = hand.button if hand.button is not None else (seats[-1].seat if seats else 0)
        stakes = hand.stakes
        stacks = None  # (the seats' own)
        if hand.tournament is not None and rules.tournament_stacks_after_posts:  # (a cash hand reads no rule)
            stacks = _stacks_before_posts(hand, seats, [seat.stack for seat in seats])
        # made as ``new_walk`` makes a walk: compiled, the type's allocation and a C call of ``_setup_seats``, not a
        # call of the type through Python's protocol (its arguments packed and parsed by ``__init__``); the players,
        # seat numbers and stacks read from the seats in the table's order (no lists of them in the seats' order)
        table = Table.__new__(Table)
        table._setup_seats(seats, stacks, button, hand.limit, stakes.small_bet, stakes.big_bet, rules, self.big_blind)
        self.table = table
        n = self.table.n
        self.names = self.table.names
        if hand.max_seats is not None:
            self._check_table_size(hand.seats, hand.max_seats)
        # each player's cards: stage 0 = dealt, 1..3 = after draw k, 4 = shown (set once, see _set_stage)
        self.stages: list[tuple[tuple[Card, ...] | None, ...]] = [(None, None, None, None, None)] * self.table.n
        # each player's cards drawn at draw 1..3: ``_UNDRAWN`` (shared, never written) until the player draws
        self.drawn: list[list[int | None]] = [_UNDRAWN] * n
        # player -> cards thrown / received at draw 1..3, only for players the log names them for (the hero)
        self.discards: dict[int, list[tuple[Card, ...] | None]] = _NONE_OF
        self.new_cards: dict[int, list[tuple[Card, ...] | None]] = _NONE_OF
        self.draw_slots: list[tuple[int, int, int]] = _NONE  # (draw, index, count) in dealing order
        self.shows: dict[int, Show] = _NONE_OF
        self.mucks: dict[int, Muck] = _NONE_OF
        self.collects: list[Collect] = []
        self.uncalled: list[Uncalled] = _NONE
        # each action as one int (``act_code``): street, kind, raises before in the round, index
        self.acts: list[int] = []
        self.raises_in_round = 0
        self.folded_street: list[int | None] = [None] * self.table.n  # a C count once compiled
        self.sb_post: int | None = None
        self.bb_post: int | None = None
        self.ante: int | None = None  # the hand's ante: stated, else the first posted in full
        self.pots_judged = 0 if hand.claims.draw_pots else 9  # the last draw whose marker's pot was judged
        self.labels: list[tuple[tuple[Card, ...], str, int]] | None = None  # labelled deals: (cards, label, line)
        self.started = False
        self.dead = False  # the hand died before the deal: only posts (and table noise) were written
        self.misplaced = False  # a line under an earlier round's marker than the table's round was flagged
        self.return_lines: list[int] = _NONE  # the line after which each derived uncalled return happened

    # ---- reporting ------------------------------------------------------------------------------

    def flag(self, code: str, line: int, expected: str, found: str, message: str | None = None) -> None:
        hand = self.hand
        text = message or f"{CODES.get(code, code)}: expected {expected}, found {found}"
        if self.violations is _NONE:
            self.violations = []
        self.violations.append(Violation(code, hand.hand_id, hand.source.file, line or hand.source.line,
                                         expected, found, text))

    def flag_all(self, problems: tuple, line: int) -> None:
        for code, expected, found in problems:
            self.flag(code, line, expected, found)

    def _check_table_size(self, seats: tuple[Seat, ...], max_seats: int) -> None:
        """The header's table size (``6-max``, ``(1 max)``) holds every seat line: none numbered beyond it,
        no more players than it."""
        for seat in seats:
            if seat.seat > max_seats or seat.seat < 1:
                self.flag("seat.over_table_size", seat.line, f"seats 1 to {max_seats}",
                          f"seat {seat.seat} ({seat.player})")
                return
        if len(seats) > max_seats:
            self.flag("seat.over_table_size", seats[max_seats].line, f"at most {max_seats} players",
                      f"{len(seats)} seated")

    def index(self, player: str, line: int) -> int | None:
        i = _names_api.seat_index(self.table.names, player)  # (``table.index_of.get(player)``, a C scan compiled)
        if i < 0:
            self.flag("order.out_of_turn", line, "a seated player dealt into the hand", player,
                      f"{player} acts but was not dealt into the hand")
            return None
        return i

    def step(self, line: int, i: int, kind: str, amount: int, to_call: int, note: str = "",
             street: int | None = None, back: list[tuple[int, int]] | None = None) -> None:
        """Record a step with the state right after it (before any uncalled bet it caused was returned)."""
        t = self.table
        pot, stacks = t.pot_total, tuple(t.stacks)
        if back:
            listed = list(stacks)
            for j, amount_back in back:
                pot += amount_back
                listed[j] -= amount_back
            stacks = tuple(listed)
        self.steps.append(Step(line, t.street if street is None else street,  # type: ignore[union-attr]
                               self.names[i], kind, amount, pot, to_call, stacks, note))

    # ---- walking --------------------------------------------------------------------------------

    def run(self) -> None:
        for event in self.hand.events:
            kind = type(event)
            if kind is Post:
                self.on_post(event)
                continue
            # the types compared one by one (compiled: pointer comparisons; a frozenset look-up is a call)
            action = kind is Fold or kind is Check or kind is Call or kind is Bet or kind is Raise
            if not (action or kind is Draw or kind is DrawDeal or kind is Deal or kind is Show or kind is Muck
                    or kind is Collect or kind is Uncalled or kind is CapNotice):  # table noise (_DEALT_EVENTS)
                continue
            if not self.started:  # the first event that is not a post deals the cards
                self.started = True
                if self.table.antes is not None:
                    self._check_missing_antes(event.line)
                self.table.start()
            # one branch per event type (a dict of handlers would be called as Python functions)
            if action:
                self.on_action(event)
            elif kind is Draw:
                self.on_draw(event)
            elif kind is DrawDeal:
                self.on_draw_deal(event)
            elif kind is Deal:
                self.on_deal(event)
            elif kind is Show:
                self.on_show(event)
            elif kind is Muck:
                self.on_muck(event)
            elif kind is Collect:
                self.on_collect(event)
            elif kind is Uncalled:
                self.on_uncalled(event)
            else:
                self.on_cap(event)
        if not self.started:
            self.started = True
            posted = False  # (a loop, not ``any`` of a generator: compiled, ``run`` is a C method)
            for event in self.hand.events:
                if type(event) is Post:
                    posted = True
                    break
            if posted and not self.hand.partial:
                self.dead = True  # blinds posted, then nothing dealt: the posts go back
                self.table.void()
                self.flag("hand.dead", self.hand.source.line, "a dealt hand", "no card dealt",
                          "the hand died before the deal: every post went back to its poster")
            else:
                self.table.start()
        self.finish()

    def on_show(self, show: Show) -> None:
        i = _names_api.seat_index(self.table.names, show.player)
        if i >= 0:
            if self.shows is _NONE_OF:
                self.shows = {}
            self.shows[i] = show

    def on_muck(self, muck: Muck) -> None:
        i = _names_api.seat_index(self.table.names, muck.player)
        if i >= 0:
            if self.mucks is _NONE_OF:
                self.mucks = {}
            self.mucks[i] = muck

    def on_uncalled(self, uncalled: Uncalled) -> None:
        if self.uncalled is _NONE:
            self.uncalled = []
        self.uncalled.append(uncalled)

    def on_cap(self, notice: CapNotice) -> None:
        """The room's "Betting is capped" claims the round's last bet or raise reached the cap. Judged by
        the table's bet count and, should the table have closed the round already (no one left to act),
        by the raises seen in the round: flagged only when both say the cap was not reached."""
        t = self.table
        cap = t.cap_bets  # (the rules' cap and heads-up exception as the table read them once per Rules object)
        if not t.fixed or cap is None or t.heads_up_uncapped:
            return
        if t.n_bets < cap and self.raises_in_round + 1 < cap:
            self.flag("bet.cap_notice", notice.line, f"{cap} bets before the cap", f"{t.n_bets} bets")

    def on_collect(self, collect: Collect) -> None:
        self.collects.append(collect)

    def on_post(self, post: Post) -> None:
        t = self.table
        i = _names_api.seat_index(t.names, post.player)
        if i < 0:
            self.index(post.player, post.line)
            return
        if t.phase != _POSTING:
            self.flag("blind.wrong_seat", post.line, "posts before the deal", f"{post.player} posts after it")
            return
        before = t.stacks[i]
        kind = post.kind
        if type(kind) is _POST_KIND:  # (a member is one object: compared by identity, no str subclass's comparison)
            ante, small, big = kind is _ANTE, kind is _SMALL_BLIND, kind is _BIG_BLIND
        else:
            ante, small, big = kind == _ANTE, kind == _SMALL_BLIND, kind == _BIG_BLIND
        if ante:
            self._check_ante(post, before, t.antes is not None and t.antes[i] > 0)
        problems = t.post(i, kind, post.amount)  # a PostKind is a str: no str() call needed
        if problems:
            self.flag_all(problems, post.line)
        if post.all_in != (t.stacks[i] == 0):
            self.check_allin_mark(i, post.all_in, post.line)
        if small:
            if self.sb_post is None:
                self.sb_post = i
                if self.bb_post is not None:  # the small blind is posted first (a dead one comes as DEAD_SMALL)
                    self.flag("order.out_of_turn", post.line,
                              f"the small blind before {t.names[self.bb_post]}'s big blind",
                              f"{post.player} posts it after")
                self._check_blind(i, post, t.sb_index, self.hand.stakes.small_blind, before)
                if post.amount > self.big_blind:
                    self.flag("blind.wrong_amount", post.line, f"at most the big blind {self.big_blind}",
                              str(post.amount))
            elif self.sb_post == i:
                self.flag("blind.wrong_amount", post.line, "one small blind a player",
                          f"a second small blind ({post.amount})")
        elif big:
            if self.bb_post is None:
                self.bb_post = i
                expected_seat = t.bb_index if self.sb_post is not None else None
                self._check_blind(i, post, expected_seat, self.big_blind, before)
            elif self.bb_post == i:
                self.flag("blind.wrong_amount", post.line, "one big blind a player",
                          f"a second big blind ({post.amount})")
            elif post.amount != self.big_blind and post.amount != before:
                self.flag("blind.wrong_amount", post.line, str(self.big_blind), str(post.amount))
        if self.steps is not None:
            self.step(post.line, i, "post", post.amount, 0, str(kind))

    def _check_ante(self, post: Post, stack: int, again: bool) -> None:
        """One ante a player, each the stated ante (else the first posted in full); only an all-in may be less."""
        if again:
            self.flag("blind.wrong_amount", post.line, "one ante a player", f"a second ante ({post.amount})")
            return
        ante = self.hand.stakes.ante if self.hand.stakes.ante is not None else self.ante
        if post.amount < stack:
            if ante is None:
                self.ante = post.amount
            elif post.amount != ante:
                self.flag("blind.wrong_amount", post.line, f"the ante {ante}", str(post.amount))
        elif ante is not None and post.amount > ante:
            self.flag("blind.wrong_amount", post.line, f"at most the ante {ante}", str(post.amount))

    def _check_missing_antes(self, line: int) -> None:
        """Once anyone posts an ante, every player dealt in posts one before the deal (one all in for less
        posts what they have): a player without one is flagged at the line that starts the deal."""
        t = self.table
        antes = t.antes
        for j in sorted(range(t.n), key=t.seats.__getitem__):  # in seat order (the table's starts elsewhere)
            if antes[j] == 0 and t.start_stacks[j] > 0:  # type: ignore[index]
                self.flag("blind.wrong_amount", line, f"an ante from {t.names[j]}", "no ante before the deal")

    def _check_blind(self, i: int, post: Post, expected_index: int | None, amount: int | None, stack: int) -> None:
        t = self.table
        if expected_index is not None and i != expected_index and t.n > 1:
            self.flag("blind.wrong_seat", post.line, f"seat {t.seats[expected_index]} ({t.names[expected_index]})",
                      f"seat {t.seats[i]} ({post.player})")
        elif expected_index is None and i not in (0, 1) and t.n > 2:
            self.flag("blind.wrong_seat", post.line, f"seat {t.seats[0]} or {t.seats[1]}",
                      f"seat {t.seats[i]} ({post.player})")
        if amount is not None and post.amount != amount and not (post.amount == stack and post.amount < amount):
            self.flag("blind.wrong_amount", post.line, str(amount), str(post.amount))

    def check_allin_mark(self, i: int, claimed: bool, line: int) -> None:
        derived = self.table.stacks[i] == 0
        if claimed != derived:
            self.flag("allin.mismatch", line, "all-in" if derived else f"not all-in ({self.table.stacks[i]} behind)",
                      "all-in" if claimed else "no all-in mark")

    def move_to(self, street: int, drawing: bool, line: int) -> None:
        """Bring the table to betting round ``street`` (or to draw ``street`` when ``drawing``),
        reporting anyone the log skipped."""
        t = self.table
        for _ in range(12):
            if t.phase in (SHOWDOWN, DONE):
                return
            if t.phase == BETTING:
                if t.street == street and not drawing:
                    return
                if t.street >= street:
                    return
                who = t.to_act
                returned = len(t.returned)
                if t.close_round() and who is not None:
                    self.flag("order.missing_action", line, f"{t.names[who]} to act", "the log moved on")
                if len(t.returned) != returned:
                    self._returned_at(line)
                self.raises_in_round = 0
            elif t.phase == DRAWING:
                if t.draw_no == street and drawing:
                    return
                if t.draw_no > street:
                    return
                who = t.to_act
                if t.end_draw() and who is not None:
                    self.flag("order.missing_action", line, f"{t.names[who]} to draw", "the log moved on")
                self.raises_in_round = 0
            else:
                return

    def on_action(self, action: Fold | Check | Call | Bet | Raise) -> None:
        t = self.table
        # each kind's fields read from its own type (compiled: C struct members, no attribute look-ups)
        kind_type = type(action)
        all_in = False
        if kind_type is Fold:
            fold = action
            kind, player, act_street, line = _FOLD, fold.player, fold.street, fold.line
        elif kind_type is Check:
            check = action
            kind, player, act_street, line = _CHECK, check.player, check.street, check.line
        elif kind_type is Call:
            call = action
            kind, player, act_street, line, all_in = _CALL, call.player, call.street, call.line, call.all_in
        elif kind_type is Bet:
            bet = action
            kind, player, act_street, line, all_in = _BET, bet.player, bet.street, bet.line, bet.all_in
        else:
            raise_ = action
            kind, player, act_street, line, all_in = _RAISE, raise_.player, raise_.street, raise_.line, raise_.all_in
        i = _names_api.seat_index(t.names, player)
        if i < 0:
            self.index(player, line)
            return
        if t.phase != _BETTING or t.street != act_street:
            self.move_to(act_street, False, line)
            if t.phase == _BETTING and t.street > act_street:
                self._misplaced(line, f"betting round {t.street}", f"{player} acts under round {act_street}'s marker")
        # what the player owed before acting: read by the steps alone (a replay records none: not computed then)
        owed = t.to_call(i) if self.steps is not None else 0
        amount: int | None = None
        if kind == _CALL:
            amount = call.amount - t.round_in[i] if call.is_total else call.amount
        elif kind == _BET:
            amount = t.round_in[i] + bet.amount
        elif kind == _RAISE:
            raise_to = raise_.raise_to
            raise_by = raise_.raise_by
            if raise_to is None:
                raise_to = t.bet_to + (raise_by or 0)
            elif raise_by is not None and t.phase == _BETTING and raise_by != raise_to - t.bet_to:
                self.flag("bet.wrong_size", line, f"raise by {raise_to - t.bet_to} to {raise_to}",
                          f"raise by {raise_by} to {raise_to}")
            amount = raise_to
        street = t.street
        if kind == _FOLD and t.stacks[i] == 0 and t.allin[i] and self.rules.kills_sitting_out_all_in \
                and self.hand.seat_of(player) is not None and self.hand.seat_of(player).sitting_out:
            t.kill(i)  # the room killed a sitting-out player's all-in hand (Rules.kills_sitting_out_all_in)
            self.folded_street[i] = street
            self.flag("hand.killed", line, "no action from an all-in player",
                      f"{player} folded by the room",
                      f"the room folded {player} (sitting out, all in with a forced bet): their "
                      "chips stay in the pot for the others")
            if self.steps is not None:
                self.step(line, i, "fold", 0, owed, "folded by the room (sitting out, all in)")
            return
        raises = self.raises_in_round
        self.acts.append(i << 16 | (raises if raises < 3 else 3) << 12 | kind << 8 | street)  # (``act_code``)
        if kind == _RAISE or (kind == _BET and t.bet_to > 0):
            self.raises_in_round = raises + 1
        returned = t.returned
        n_returned = len(returned)
        problems = t.act(i, kind, amount)
        if problems:
            self.flag_all(problems, line)
        back = None
        if len(returned) != n_returned:  # this action closed the round with an uncalled bet
            back = returned[n_returned:]
            self._returned_at(line)
        if kind == _FOLD:
            if self.folded_street[i] is None:
                self.folded_street[i] = street
            shown = 0
        elif kind == _CHECK:
            if t.stacks[i] == 0:
                self.check_allin_mark(i, False, line)
            shown = 0
        else:
            emptied = t.stacks[i] == 0
            if emptied is not all_in and emptied != all_in:  # (the same bool: no rich comparison)
                self.check_allin_mark(i, all_in, line)
            shown = owed if amount is None else amount
        if self.steps is not None:
            self.step(line, i, _KIND_NAMES[kind], shown, owed, "", None, back)
        if t.phase != _BETTING:
            self.raises_in_round = 0

    def _misplaced(self, line: int, expected: str, found: str) -> None:
        """A line the log puts under an earlier round's marker than the one the table is in (a marker lost, or
        lines moved across one): said once a hand, at the first such line (every later one follows from it)."""
        if not self.misplaced:
            self.misplaced = True
            self.flag("order.out_of_turn", line, expected, found)

    def _returned_at(self, line: int) -> None:
        """An uncalled bet went back after ``line`` (``return_lines``, made at the first)."""
        if self.return_lines is _NONE:
            self.return_lines = []
        self.return_lines.append(line)

    def on_draw(self, draw: Draw) -> None:
        t = self.table
        i = _names_api.seat_index(t.names, draw.player)
        if i < 0:
            self.index(draw.player, draw.line)
            return
        if t.phase != _DRAWING or t.draw_no != draw.draw:
            self.move_to(draw.draw, True, draw.line)
            if t.phase == _DRAWING and t.draw_no > draw.draw:
                self._misplaced(draw.line, f"draw {t.draw_no}", f"{draw.player} draws under draw {draw.draw}'s marker")
        k = draw.draw - 1
        if not 0 <= k < t.draws:
            self.flag("draw.count_mismatch", draw.line, f"draw 1..{t.draws}", f"draw {draw.draw}")
            return
        if draw.draw > self.pots_judged:
            self._check_draw_pot(draw.draw)
        problems = t.draw(i, draw.count)
        if problems:
            self.flag_all(problems, draw.line)
        row = self.drawn[i]
        if row[k] is None:
            if row is _UNDRAWN:  # the player's first draw: a list of their own
                row = self.drawn[i] = [None, None, None]
            row[k] = draw.count
            if self.draw_slots is _NONE:
                self.draw_slots = []
            self.draw_slots.append((draw.draw, i, draw.count))
        before = self.stages[i][k]  # the cards going into this draw, if known
        if draw.discards is not None:
            if self.discards is _NONE_OF:
                self.discards = {}
            self.discards.setdefault(i, [None, None, None])[k] = draw.discards
            if len(draw.discards) != draw.count:
                self.flag("draw.count_mismatch", draw.line, f"{draw.count} cards named",
                          f"{len(draw.discards)} ({format_cards(draw.discards)})")
            if before is not None:
                thrown, held = _card_mask(draw.discards), _card_mask(before)
                if thrown < 0 or held < 0 or thrown & ~held:  # (else, on card masks, every card thrown was held)
                    missing = [c for c in draw.discards if c not in before]
                    if missing:
                        self.flag("draw.unheld_card", draw.line, f"one of {format_cards(before)}",
                                  format_cards(missing))
        if draw.held is not None:
            if before is not None and draw.held != before and sorted(draw.held) != sorted(before):
                self.flag("draw.unheld_card", draw.line, f"stands pat on {format_cards(before)}",
                          format_cards(draw.held))
            self._set_stage(i, k + 1, draw.held)
        if draw.count == 0 and before is not None:
            self._set_stage(i, k + 1, before)
        if self.steps is not None:
            self.step(draw.line, i, "draw", draw.count, 0,
                      _DRAW_NOTES[draw.count] if 0 <= draw.count < 6 else f"draws {draw.count}", draw.draw)

    def _check_draw_pot(self, draw_no: int) -> None:
        """A draw's marker restates the pot, the players left and those all in (Full Tilt): judged when the
        table reaches that draw, after any uncalled chips of the round went back."""
        self.pots_judged = draw_no
        t = self.table
        for claim in self.hand.claims.draw_pots:
            if claim.draw != draw_no:
                continue
            if claim.pot != t.pot_total:
                self.flag("pot.total_mismatch", claim.line, f"{t.pot_total} in the pot at draw {draw_no}",
                          str(claim.pot))
            if claim.players is not None and claim.players != t.left:
                self.flag("draw.players_mismatch", claim.line, f"{t.left} players", str(claim.players))
            if claim.all_ins is not None:
                all_ins = 0
                for j in range(t.n):
                    if t.allin[j] and not t.folded[j]:
                        all_ins += 1
                if claim.all_ins != all_ins:
                    self.flag("draw.players_mismatch", claim.line, f"{all_ins} all in", str(claim.all_ins))

    def on_draw_deal(self, deal: DrawDeal) -> None:
        i = _names_api.seat_index(self.table.names, deal.player)
        if i < 0:
            self.index(deal.player, deal.line)
            return
        k = deal.draw - 1
        if not 0 <= k < self.table.draws:
            return
        declared = self.drawn[i][k]
        new = deal.new
        received = deal.count if deal.count is not None else (len(new) if new is not None else None)
        if declared is not None and received is not None and received != declared:
            self.flag("draw.count_mismatch", deal.line, f"{declared} new cards", f"{received}")
        if new is not None:
            if self.new_cards is _NONE_OF:
                self.new_cards = {}
            self.new_cards.setdefault(i, [None, None, None])[k] = new
        before = self.holding_before(i, k)
        thrown = self.discards.get(i, _NOT_NAMED)[k]
        # (compiled, each test is first judged on card masks, ``_card_mask``, where every card named is a distinct card
        # 0..51: only a mask that does not settle it builds the lists, and those decide as before)
        held = _card_mask(before)
        gone = _card_mask(thrown)
        if deal.kept is not None and before is not None and thrown is not None:
            kept = _card_mask(deal.kept)
            if held < 0 or gone < 0 or kept < 0 or held & ~gone != kept:  # (else the same cards: nothing to say)
                expected = [c for c in before if c not in thrown]
                if sorted(expected) != sorted(deal.kept):
                    self.flag("draw.unheld_card", deal.line, f"kept {format_cards(expected)}",
                              f"kept {format_cards(deal.kept)}")
        if new is not None and before is not None:
            # Where the room reshuffles a drawer's own discards, getting one back is legal once the stub
            # ran out; check_card_identity decides that with the stub count, so only kept cards count here.
            own_back = thrown is not None and not self.rules.reshuffle_excludes_own_discards
            fresh = _card_mask(new)
            if own_back and gone >= 0 and held >= 0:
                held &= ~gone
            if held < 0 or fresh < 0 or (own_back and gone < 0) or fresh & held:  # (else no new card held already)
                if own_back:
                    before = tuple([c for c in before if c not in thrown])
                again = [c for c in new if c in before]
                if again:
                    self.flag("cards.duplicate", deal.line, "new cards not already held", format_cards(again))
        if deal.hand is not None:
            self._set_stage(i, k + 1, deal.hand)
            if deal.label is not None:
                self.add_label(deal.hand, deal.label, deal.line)
        elif deal.kept is not None and new is not None:
            self._set_stage(i, k + 1, tuple(deal.kept) + tuple(new))

    def on_deal(self, deal: Deal) -> None:
        i = _names_api.seat_index(self.table.names, deal.player)
        if i < 0 or deal.cards is None:
            return
        self._set_stage(i, 0, deal.cards)
        if deal.label is not None:
            self.add_label(deal.cards, deal.label, deal.line)
        if _cards_api.repeats(deal.cards) and len(set(deal.cards)) != len(deal.cards):  # (compiled: a mask first)
            dup = sorted({c for c in deal.cards if deal.cards.count(c) > 1})
            self.flag("cards.duplicate", deal.line, f"{_COUNT_WORDS.get(self.table.hand_size, self.table.hand_size)} different cards", format_cards(dup))
        if len(deal.cards) != self.table.hand_size:
            self.flag("draw.count_mismatch", deal.line, f"{self.table.hand_size} cards dealt", str(len(deal.cards)))

    def add_label(self, cards: tuple[Card, ...], label: str, line: int) -> None:
        """A room's name for dealt cards (Merge), judged with the shown hands' labels (``check_labels``)."""
        if self.labels is None:
            self.labels = []
        self.labels.append((cards, label, line))

    def _set_stage(self, i: int, stage: int, cards: tuple[Card, ...]) -> None:
        """Player ``i``'s cards at ``stage``, unless the log gave them already (the first word stands)."""
        held = self.stages[i]
        if held[stage] is None:
            self.stages[i] = _tuple_api.with_item(held, stage, tuple(cards))  # (compiled: one tuple filled in C)

    def holding_before(self, i: int, k: int) -> tuple[Card, ...] | None:
        """Cards ``i`` held going into draw ``k`` (0-based), if known."""
        return self.stages[i][k]

    def finish(self) -> None:
        t = self.table
        if (t.phase == _BETTING or t.phase == _DRAWING) and not (self.hand.cancelled or self.hand.partial):
            who = t.to_act
            if who is not None:
                doing = "act" if t.phase == _BETTING else "draw"
                line = self.hand.claims.line or (self.hand.events[-1].line if self.hand.events else 0)
                self.flag("order.missing_action", line, f"{t.names[who]} to {doing}", "the hand ended")
            if t.phase == _BETTING:
                t.close_round()
            while t.phase == _DRAWING:
                t.end_draw()
                if t.phase == _BETTING:
                    t.close_round()
        if self.steps is None:
            return
        for j, amount in t.returned:
            self.steps.append(Step(0, t.ended_street, self.names[j], "return", amount, t.pot_total, 0,
                                   tuple(t.stacks), "uncalled bet returned"))


def _card_mask(cards: tuple | None) -> int:
    """The bits of ``cards`` (each a ``Card`` or an int 0..51, none twice) in one C integer once compiled; -1 for
    ``None``, anything else or a card named twice (the caller then decides on the cards themselves). Measured
    (callgrind): comparing a ``Card`` (an int subclass) with 0 and 52 as objects cost ~100 instructions a card."""
    if cards is None:
        return -1
    mask = 0
    one = 1  # (typed like the mask once compiled: shifted up to bit 51)
    for card in cards:
        if type(card) is _CARD:  # (0..51 by construction, ``Card.__new__``: read as a C integer at once)
            c = card
        elif type(card) is int and 0 <= card < 52:
            c = card
        else:
            return -1
        if mask >> c & one:
            return -1
        mask |= one << c
    return mask


def act_code(street: int, i: int, kind: int, raises: int) -> int:
    """One action of ``Walk.acts`` as one int: its betting round (``code & 255``), kind (``code >> 8 & 15``), the
    raises before it in the round, three for three or more (``code >> 12 & 15``: the facts ask only 0, 1 or 2), and
    the player's index (``code >> 16``). One int an action, not a tuple: measured (callgrind, worker path, mixed
    corpus), see the commit that brought it. (``Walk.on_action`` packs it in line: keep the two alike.)"""
    return i << 16 | (raises if raises < 3 else 3) << 12 | kind << 8 | street


_ACTION_EVENTS = frozenset((Fold, Check, Call, Bet, Raise))
_DEALT_EVENTS = _ACTION_EVENTS | {Draw, DrawDeal, Deal, Show, Muck, Collect, Uncalled, CapNotice}
"""The events ``Walk.run`` replays after the deal (with ``Post``); ``Noise`` is kept in the record, nothing
to replay."""
_COUNT_WORDS = {4: "four", 5: "five"}
_DRAW_NOTES = ("stands pat", "draws 1", "draws 2", "draws 3", "draws 4", "draws 5")
_NOT_NAMED = (None, None, None)
"""``discards`` / ``new_cards`` of a player the log names no cards for."""
_UNDRAWN: list[int | None] = [None, None, None]
"""``Walk.drawn`` of every player who has not drawn (most players: they fold before the draw): one list shared, never
written (``on_draw`` gives a player a list of their own first), instead of one made and freed a player. Nothing
else writes ``drawn``."""

_NONE: list = []
_NONE_OF: dict = {}
"""The empty list and dict a walk's lists and dicts start as (``Walk._setup``): shared, never written (the walk's
first write of one gives it a list or dict of its own), instead of ~7 made and freed a hand."""

_ACTING_EVENTS = frozenset((Post, Fold, Check, Call, Bet, Raise, Draw))


def new_walk(hand: Hand, rules: Rules) -> Walk:
    """``Walk(hand, rules)`` (steps not recorded), for ``replay``: compiled, the type's allocation and a C call of
    ``_setup`` instead of a call of the type through Python's protocol, whose ``__init__`` parses its arguments."""
    walk = Walk.__new__(Walk)
    walk._setup(hand, rules, False)
    return walk


def _seated(hand: Hand, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats of a hand with someone sitting out or a seat note: those who acted, and those not out. (A
    function of its own: compiled, its generator's closure is made only for such a hand, not for every one.)"""
    acting = _players_with_events(hand)
    return tuple(s for s in seats
                 if s.player in acting or not (s.sitting_out or (s.note and "out of hand" in s.note)))


def _anyone_out(seats: tuple[Seat, ...]) -> bool:
    """Whether a seat is marked sitting out or carries a note. (A function of its own so that, compiled, ``seat`` is
    typed: its fields read as C struct members.)"""
    for seat in seats:
        if seat.sitting_out or seat.note:
            return True
    return False


def _players_with_events(hand: Hand) -> set[str]:
    acting = _ACTING_EVENTS
    return {event.player for event in hand.events if type(event) in acting}  # type: ignore[union-attr]


def _stacks_before_posts(hand: Hand, seats: tuple[Seat, ...], stacks: list[int]) -> list[int]:
    """Each seat's stack before the hand where the room writes it after the forced bets: the written
    stack plus the player's posts (``Rules.tournament_stacks_after_posts``)."""
    posted: dict[str, int] = {}
    for event in hand.events:
        if isinstance(event, Post):
            posted[event.player] = posted.get(event.player, 0) + event.amount
    return [stack + posted.get(seat.player, 0) for seat, stack in zip(seats, stacks)]


def _big_blind(hand: Hand) -> int:
    """The big blind as the log states it: the header/posts, else the small bet (fixed limit)."""
    if hand.stakes.big_blind:
        return hand.stakes.big_blind
    for event in hand.events:
        if isinstance(event, Post) and event.kind == _BIG_BLIND and not event.all_in:
            return event.amount
    # no big blind stated or posted: fixed limit uses the small bet; pot/no limit headers carry the blinds
    return hand.stakes.small_bet if hand.limit == Limit.FIXED else hand.stakes.big_bet

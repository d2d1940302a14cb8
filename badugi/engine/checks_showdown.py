"""The showdown checks: who collected each pot (half by half in a split-pot game), the room's hand labels,
in each game's ranking and words, and the summary's amounts won. Listed in ``checks.CHECKS`` with the others."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from . import awards as _awards
from . import ints_api as _ints_api
from . import names_api as _names_api
from . import tuple_api as _tuple_api
from .awards import half_classes, split, split_pot
from .cards import format_cards
from .checks_base import Found, money_text, violation
from .evaluator import STARS_LABELS, parse_label, value_of_class
from .games import BADUGI_GAME
from .record import Hand, SummarySeat
from .replay_model import PotHalf
from .rules import Rules
from .settlement import Payout, Settlement
from .violations import Undetermined

if TYPE_CHECKING:
    from .walk import Walk

# A ``Payout``'s fields by their place (``player``, ``index``, ``amount``, ``pot``, ``line``), read with ``_tuple_api.item``:
# compiled, a C read of the tuple's item where a field's name went through its class's descriptor (~150 instructions,
# callgrind). The same places as settlement.py's (checked there against ``Payout._fields``).
_P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE = 0, 1, 2, 3, 4


def check_showdown(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """Each pot was collected by the players the evaluator makes its winners, a tie split evenly with
    the odd chip where the rules put it; every collection is from a pot of the hand, by a player in it."""
    out: Found = []
    if not s.decided:
        return out
    n_pots = len(s.pots)
    strays: dict[int, Payout] | None = None  # made by the first stray collection (rare: no dict made a hand)
    for p in s.payouts:
        if _tuple_api.item(p, _P_INDEX) is None:
            out.append(violation(hand, "showdown.wrong_winner", p.line, "a player in the hand", p.player))
        elif _tuple_api.item(p, _P_POT) >= n_pots:
            if strays is None:
                strays = {}
            strays.setdefault(p.pot, p)
    if strays:  # (rare: no sorted list made for the usual hand)
        for k in sorted(strays):
            out.append(violation(hand, "pot.side_mismatch", strays[k].line, f"{n_pots} pot(s)",
                                 f"a collection from pot #{k + 1}"))
    names = w.names
    pots, claims = s.pots, s.claims
    for k in range(min(len(pots), len(claims))):  # (``zip(s.pots, s.claims)`` by index: compiled, no zip object)
        pot, claimed = pots[k], claims[k]
        if not claimed:
            if pot.amount > 0 and (w.collects or hand.claims.summary):
                out.append(violation(hand, "showdown.no_winner", hand.claims.line,
                              f"a collector of {money_text(hand, pot.amount)}", "none"))
            continue
        line = _tuple_api.item(claimed[0], _P_LINE)
        if pot.winners is None:
            out.append(Undetermined("showdown.wrong_winner"))
            continue
        if pot.halves:
            out += _split_pot_claims(hand, w, pot.halves, claimed, rules)
            continue
        # (each winner's index by a C scan of the names, ``Table.index_of``'s answers: no dict built a hand)
        winners = [_names_api.seat_index(names, name) for name in pot.winners]
        if len(winners) == 1 and len(claimed) == 1 and _tuple_api.item(claimed[0], _P_INDEX) == winners[0]:
            continue  # the usual pot: its one winner collected it all (no sets built to say so)
        collectors = {p.index for p in claimed}
        if collectors != set(winners):
            out.append(violation(hand, "showdown.wrong_winner", line, " & ".join(pot.winners),
                          " & ".join([names[j] for j in sorted(collectors)])))  # type: ignore[type-var]
            continue
        if len(winners) > 1:
            got = {j: 0 for j in winners}
            for p in claimed:
                got[p.index] += p.amount  # type: ignore[index]
            expected = split(sum(got.values()), winners, rules.odd_chip_unit)
            if expected != got:
                code = "showdown.odd_chip" if sorted(expected.values()) == sorted(got.values()) else "showdown.wrong_split"
                out.append(violation(hand, code, line, ", ".join([f"{names[j]} {money_text(hand, a)}" for j, a in expected.items()]),
                              ", ".join([f"{names[j]} {money_text(hand, a)}" for j, a in got.items()])))
    return out


def _split_pot_claims(hand: Hand, w: Walk, halves: tuple[PotHalf, ...], claimed: tuple[Payout, ...],
                      rules: Rules) -> Found:
    """A split pot's collections judged half by half. The rooms name no half (KingsClub writes two
    ``wins (X) from pot`` lines), so the halves are worked out from who collected what: each half's
    winners must be among the collectors (else ``showdown.wrong_winner`` for that half), nobody else may
    collect, and the amounts must be the halves' rule split of what the pot paid (``split_pot``: else
    ``showdown.wrong_split``, or ``showdown.odd_chip`` when only the odd chip went astray)."""
    out: Found = []
    names = w.names  # (indices by ``names_api.seat_index``: ``Table.index_of``'s answers, no dict built or kept)
    collectors = {p.index for p in claimed}
    found = " & ".join(names[j] for j in sorted(collectors))  # type: ignore[type-var]
    line = claimed[0].line
    winners: set[int] = set()
    for half in halves:
        won = {_names_api.seat_index(names, name) for name in half.winners}  # type: ignore[union-attr]
        winners |= won
        if not won <= collectors:
            out.append(violation(hand, "showdown.wrong_winner", line, f"{' & '.join(half.winners)} ({half.title} half)",  # type: ignore[arg-type]
                          found))
    if out:
        return out
    if collectors != winners:
        expected = "; ".join(f"{' & '.join(h.winners)} ({h.title} half)" for h in halves)  # type: ignore[arg-type]
        return [violation(hand, "showdown.wrong_winner", line, expected, found)]
    got = {j: 0 for j in sorted(winners)}
    for p in claimed:
        got[p.index] += p.amount  # type: ignore[index]
    won_halves = [tuple([_names_api.seat_index(names, name) for name in h.winners]) for h in halves]  # type: ignore[union-attr]
    expected_shares = split_pot(sum(got.values()), won_halves, rules.odd_chip_unit, rules.split_odd_chip_half)
    if expected_shares != got:
        code = "showdown.odd_chip" if sorted(expected_shares.values()) == sorted(got.values()) else "showdown.wrong_split"
        which = "; ".join(f"{h.title} half: {' & '.join(h.winners)} {money_text(hand, h.amount)}" for h in halves)  # type: ignore[arg-type]
        out.append(violation(hand, code, line,
                      ", ".join(f"{names[j]} {money_text(hand, a)}" for j, a in expected_shares.items()) + f" ({which})",
                      ", ".join(f"{names[j]} {money_text(hand, a)}" for j, a in got.items())))
    return out


def check_labels(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """The room's hand label of every shown (or named dealt) hand equals the evaluator's: in a draw game the
    label of the pot half whose ranking the words name (a lowball label for the low half, a Badugi label for the
    Badugi half)."""
    out: Found = []
    items = []  # (loops, not comprehensions: compiled, ``show`` and ``seat`` are typed)
    players = []  # the table index of each shown hand, the first ``len(players)`` items
    for j, show in w.shows.items():
        items.append((show.cards, show.label, show.line))
        players.append(j)
    if w.labels is not None:  # dealt holdings the room named (Merge)
        items.extend(w.labels)
    shown = len(items)
    seen = None  # the shown hands as (set of cards, label), made only for a summary hand not shown alike
    for seat in hand.claims.summary:
        if not (seat.cards and seat.label):
            continue
        same = False  # shown with the same cards in the same order (the usual summary line): seen
        for k in range(shown):
            if items[k][1] == seat.label and items[k][0] == seat.cards:
                same = True
                break
        if same:
            continue
        if seen is None:
            seen = {(frozenset(c), t) for c, t, _ in items[:shown]}
        if (frozenset(seat.cards), seat.label) not in seen:
            items.append((seat.cards, seat.label, seat.line))
    if rules.game is not BADUGI_GAME:
        return _game_labels(hand, items, rules)
    valued = s.shown_classes  # the shown hands the settlement valued judging the pots (``None``: no hand)
    shows = len(players)
    for k in range(len(items)):
        cards, text, line = items[k]
        if not text:
            continue
        try:
            found = valued.get(players[k], _UNVALUED) if k < shows and valued else _UNVALUED
            if found is None:
                continue  # (the settlement found the cards no hand: ``hand_class`` raised ValueError)
            # (compiled: a C call, awards.pxd)
            cls = _awards.hand_class(tuple(cards)) if found is _UNVALUED else found
            if 0 < cls < _STARS_COUNT and text == _STARS_LABELS[cls]:
                continue  # the room's words are the evaluator's own (the usual label): nothing to read back
            size, ranks = value_of_class(cls)
        except ValueError:
            continue
        try:
            claimed = _parse_label(text)
        except ValueError:
            out.append(violation(hand, "showdown.label_mismatch", line, _label_text(size, ranks), text))
            continue
        if claimed != (size, ranks):
            out.append(violation(hand, "showdown.label_mismatch", line, _label_text(size, ranks), text))
    return out


def _game_labels(hand: Hand, items: list, rules: Rules) -> Found:
    """``check_labels`` for the other draw games: each label is read by the ranking of every pot half
    (``Ranking.read_label``); it must name the hand as the half whose words it uses values it."""
    out: Found = []
    game = rules.game
    classes = half_classes(game)
    for cards, text, line in items:
        if not text:
            continue
        try:
            values = [value(tuple(cards)) for value in classes]
        except ValueError:
            continue
        expected = " / ".join(r.label(cls, rules.label_style) for r, cls in zip(game.halves, values))
        for ranking, cls in zip(game.halves, values):
            try:
                claimed = ranking.read_label(text)
            except ValueError:
                continue
            if claimed != ranking.named(cls):
                out.append(violation(hand, "showdown.label_mismatch", line, ranking.label(cls, rules.label_style), text))
            break
        else:
            out.append(violation(hand, "showdown.label_mismatch", line, expected, text))
    return out


@lru_cache(maxsize=4096)
def _parse_label(text: str) -> tuple[int, tuple[int, ...]]:
    """``parse_label`` memoised: the same few hundred labels recur in every history. Measured (callgrind,
    real hands, same session): without the memo a replay takes ~1,043k instead of ~1,030k instructions
    (1.3 %)."""
    return parse_label(text)


def _label_text(size: int, ranks: tuple[int, ...]) -> str:
    from .cards import RANKS

    head = "Badugi" if size == 4 else f"{size}-card"
    return f"{head}: {','.join(RANKS[r] for r in ranks)}"


_STARS_LABELS = STARS_LABELS
"""(``evaluator.STARS_LABELS``) a label equal to its hand's is right without ``value_of_class`` and ``_parse_label``.
Measured (callgrind, worker path, mixed corpus): 535.6k -> 527.3k instructions a hand with ``Walk.acts`` as ints."""
_STARS_COUNT = len(_STARS_LABELS)
_UNVALUED = object()
"""``check_labels``: a shown hand the settlement did not value (not in ``Settlement.shown_classes``)."""


def _street_words(street: int | None) -> str:
    if street is None:
        return "did not fold"
    return "folded before the draw" if street == 0 else f"folded after draw {street}"


def _check_summary_place(hand: Hand, w: Walk, seat: SummarySeat, j: int, out: Found) -> None:
    """A summary seat line's seat number, ``(button)``, ``folded before the Draw`` / ``folded after the 1st Draw``,
    ``showed``/``mucked``/``collected`` and ``(small blind)``/``(big blind)`` restate the seat lines, the header's
    button, the fold line, the show line and the blinds' post lines (a truncated hand's are left alone)."""
    t, name = w.table, seat.player
    # (``position`` and ``result`` compared with words only when set: most seat lines have no position, and a rich
    # comparison of None with a word costs more than the test)
    position, result = seat.position, seat.result
    if seat.seat != t.seats[j]:
        out.append(violation(hand, "summary.mismatch", seat.line, f"{name} in seat {t.seats[j]}",
                             f"{name} in seat {seat.seat}"))
    elif (position is not None and _names_api.same_text(position, "button") and hand.button is not None
          and seat.seat != hand.button):
        out.append(violation(hand, "summary.mismatch", seat.line, f"the button in seat {hand.button}",
                             f"{name} (seat {seat.seat}) the button"))
    folded = w.folded_street[j]
    if seat.folded_street is not None and folded != seat.folded_street:
        out.append(violation(hand, "summary.mismatch", seat.line, f"{name} {_street_words(folded)}",
                             f"{name} {_street_words(seat.folded_street)}"))
    elif folded is not None and result is not None and (  # a result of one who never folded
            _names_api.same_text(result, "showed") or _names_api.same_text(result, "mucked")
            or _names_api.same_text(result, "collected")):
        out.append(violation(hand, "summary.mismatch", seat.line, f"{name} {_street_words(folded)}",
                             f"{name} {seat.result}"))
    elif result is not None and _names_api.same_text(result, "showed") and j not in w.shows:
        out.append(violation(hand, "summary.mismatch", seat.line, f"{name} shows no cards", f"{name} showed"))
    if position is None:  # (most seat lines: no blind to check)
        return
    ante = hand.stakes.ante if hand.stakes.ante is not None else w.ante
    small = _names_api.same_text(position, "small blind")
    if (small or _names_api.same_text(position, "big blind")) and not w.dead and (
            ante is None or t.start_stacks[j] > ante):
        # (a player all in on the ante posts no blind; a dead hand's blinds are its own story)
        poster = w.sb_post if small else w.bb_post
        if poster != j:
            out.append(violation(hand, "summary.mismatch", seat.line,
                                 f"the {position} posted by {t.names[poster]}" if poster is not None
                                 else f"no {position} posted", f"{name} ({position})"))


def check_summary(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """The summary's seat lines agree with the hand, where they restate it: the amount a seat won (``and won
    ($5.45)``, ``collected ($0.20)``) with that player's collect lines (judged where the log has them), a
    KingsClub seat's net and final stack with what the player put in and was paid (``summary.mismatch``),
    and the cards a seat showed with those its show line showed (``showdown.shown_not_held``). Seats that
    name no player of the hand are left alone (a client bug can run two seat lines into one)."""
    out: Found = []
    t = w.table
    # the table's players with a seat line so far: compiled, a block of C integers (``ints_api``), given back below
    listed = _ints_api.zeros(t.n)
    try:
        _check_summary_seats(hand, w, s, rules, listed, out)
    finally:
        _ints_api.free(listed)
    return out


def _check_summary_seats(hand: Hand, w: Walk, s: Settlement, rules: Rules, listed: list[int], out: Found) -> None:
    """``check_summary``'s work, with the block it made for it (``listed``: zeros, one a player)."""
    t = w.table
    names = t.names
    strangers = False
    others: list[str] = []  # the seat lines of players not in the table (sitting out), rare
    for seat in hand.claims.summary:
        j = _names_api.seat_index(names, seat.player)  # (``t.index_of.get``, a C scan compiled)
        if j < 0:
            if seat.player in others:
                out.append(violation(hand, "summary.mismatch", seat.line, f"one seat line for {seat.player}",
                                     "a second"))
            elif hand.seat_of(seat.player) is None:  # (not a sitting-out seat's: two seat lines run into one)
                strangers = True
            others.append(seat.player)
            continue
        if listed[j]:
            out.append(violation(hand, "summary.mismatch", seat.line, f"one seat line for {seat.player}",
                                 "a second"))
            continue
        listed[j] = 1
        name = seat.player
        if seat.won is not None and w.collects:
            # (the collect lines as written, not ``s.collected``: where a room folds a winner's uncalled chips into
            # what it says they collected, the settlement takes them out again, and the summary says what was written)
            # (summed for this seat alone, in the collect lines' order: the usual hand has one or two collect lines and
            # one winner's seat line, so no dict of every collector is made)
            collected = 0
            for collect in w.collects:
                if collect.player is name or collect.player == name:
                    collected = collected + collect.amount
            if collected != seat.won:
                out.append(violation(hand, "summary.mismatch", seat.line,
                                     f"{name} won {money_text(hand, collected)} (the hand's collect lines)",
                                     f"{name} won {money_text(hand, seat.won)}"))
        if (seat.net is not None or seat.final_stack is not None) and j not in s.unsettled:
            net = s.collected[j] - t.total_in[j]
            if seat.net is not None and seat.net != net:
                out.append(violation(hand, "summary.mismatch", seat.line, f"{name} net {money_text(hand, net)}",
                                     f"{name} net {money_text(hand, seat.net)}"))
            end = t.start_stacks[j] + net
            if seat.final_stack is not None and seat.final_stack != end:
                out.append(violation(hand, "summary.mismatch", seat.line,
                                     f"{name} ends with {money_text(hand, end)}",
                                     f"{name} ends with {money_text(hand, seat.final_stack)}"))
        if not (hand.partial or hand.cancelled):
            _check_summary_place(hand, w, seat, j, out)
        if seat.cards:
            show = w.shows.get(j)
            # (the same cards in the same order, the usual summary line, need no sorting)
            if show is not None and show.cards and show.cards != seat.cards and sorted(show.cards) != sorted(seat.cards):
                out.append(violation(hand, "showdown.shown_not_held", seat.line,
                                     f"{name} showed {format_cards(show.cards)} (line {show.line})",
                                     f"{name} showed {format_cards(seat.cards)}"))
    if hand.claims.summary and not (hand.partial or hand.cancelled or w.dead):
        if rules.summary_lists_players and not strangers:
            _check_summary_lists(hand, w, listed, out)
        if rules.summary_states_pot and hand.claims.total_pot is None:
            out.append(violation(hand, "summary.mismatch", hand.claims.summary[0].line, "the total pot line first",
                                 "none"))


def _check_summary_lists(hand: Hand, w: Walk, listed: list[int], out: Found) -> None:
    """Every player who posted, bet or folded has a seat line in the summary (``Rules.summary_lists_players``);
    one with none is a summary line lost, said at the summary's last seat line."""
    t = w.table
    for j in range(t.n):
        if not listed[j] and (t.total_in[j] > 0 or w.folded_street[j] is not None):
            out.append(violation(hand, "summary.mismatch", hand.claims.summary[-1].line,
                                 f"a seat line for {t.names[j]}", "none"))

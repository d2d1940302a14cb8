"""Corruptions of a ``Hand`` record, one per violation the replay must catch (the mutation suite).

Each mutator takes a clean hand and returns a corrupted copy (``dataclasses.replace``; the text is
never rewritten) or ``None`` when the hand has nothing to corrupt that way (no cap reached, no
showdown, ...). ``MUTATIONS`` pairs each with the code the replay must report.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from badugi.engine.cards import Card
from badugi.engine.evaluator import class_of, label
from badugi.engine.games import get_game
from badugi.engine.record import (Bet, Call, CapNotice, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Post,
                                  PostKind,
                                  Raise, Show, Uncalled)
from badugi.engine.replay import replay
from badugi.engine.rules import rules_for

ACTIONS = (Fold, Check, Call, Bet, Raise)


def _with_events(hand: Hand, events: list) -> Hand:
    return dataclasses.replace(hand, events=tuple(events))


def _unit(hand: Hand, street: int) -> int:
    return hand.stakes.big_bet if street >= get_game(hand.game).big_bet_from_street else hand.stakes.small_bet


def classes(hand: Hand, cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The cards' class in each pot half of the hand's game (Badugi: one to five cards, as ever)."""
    game = get_game(hand.game)
    if game.name == "badugi":
        return (class_of(cards),)
    return game.classes(cards)


def label_of(hand: Hand, cards: tuple[Card, ...]) -> str:
    """The room's label of the cards (the low half's in a split game)."""
    if hand.game == "badugi":
        return label(class_of(cards))
    ranking = get_game(hand.game).halves[-1]
    return ranking.label(ranking.class_of(cards), rules_for(hand).label_style)


def wrong_fl_size(hand: Hand) -> Hand | None:
    if hand.limit != Limit.FIXED:
        return None
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, (Bet, Raise)) and not e.all_in:
            delta = max(1, _unit(hand, e.street) // 2)
            if isinstance(e, Bet):
                events[k] = dataclasses.replace(e, amount=e.amount - delta)
            else:
                events[k] = dataclasses.replace(e, raise_to=e.raise_to - delta,
                                                raise_by=None if e.raise_by is None else e.raise_by - delta)
            return _with_events(hand, events)
    return None


def raise_over_cap(hand: Hand) -> Hand | None:
    if hand.limit != Limit.FIXED:
        return None
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, CapNotice):
            last = next((x for x in reversed(events[:k]) if isinstance(x, (Bet, Raise))), None)
            after = next((j for j in range(k + 1, len(events)) if isinstance(events[j], ACTIONS)), None)
            if last is None or after is None or not isinstance(events[after], (Call, Fold)):
                continue
            nxt = events[after]
            top = last.raise_to if isinstance(last, Raise) else last.amount
            unit = _unit(hand, nxt.street)
            events[after] = Raise(nxt.player, nxt.street, unit, top + unit, line=nxt.line)
            return _with_events(hand, events)
    return None


def out_of_turn(hand: Hand) -> Hand | None:
    events = list(hand.events)
    for k in range(len(events) - 1):
        a, b = events[k], events[k + 1]
        if isinstance(a, ACTIONS) and isinstance(b, ACTIONS) and a.street == b.street and a.player != b.player:
            events[k] = dataclasses.replace(b, line=a.line)
            events[k + 1] = dataclasses.replace(a, line=b.line)
            return _with_events(hand, events)
    return None


def _first_plain_call(hand: Hand) -> int | None:
    for k, e in enumerate(hand.events):
        if isinstance(e, Call) and not e.all_in and e.amount > 1:
            return k
    return None


def check_facing_bet(hand: Hand) -> Hand | None:
    k = _first_plain_call(hand)
    if k is None:
        return None
    events = list(hand.events)
    e = events[k]
    events[k] = Check(e.player, e.street, line=e.line)
    return _with_events(hand, events)


def wrong_call_amount(hand: Hand) -> Hand | None:
    k = _first_plain_call(hand)
    if k is None:
        return None
    events = list(hand.events)
    events[k] = dataclasses.replace(events[k], amount=events[k].amount - 1)
    return _with_events(hand, events)


def more_than_stack(hand: Hand) -> Hand | None:
    """Lower a player's starting stack one unit below the most they ever had in."""
    clean = replay(hand)
    voluntary = {e.player for e in hand.events if isinstance(e, (Call, Bet, Raise))}
    order = list(clean.order)
    for seat in hand.seats:
        if seat.player not in voluntary or seat.player not in order:
            continue
        j = order.index(seat.player)
        low = min((s.stacks[j] for s in clean.steps if s.kind != "return"), default=seat.stack)
        peak = seat.stack - low
        if peak <= 1:
            continue
        seats = tuple(dataclasses.replace(s, stack=peak - 1) if s is seat else s for s in hand.seats)
        return dataclasses.replace(hand, seats=seats)
    return None


def duplicate_card(hand: Hand) -> Hand | None:
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Deal) and e.cards and len(e.cards) >= 2:
            events[k] = dataclasses.replace(e, cards=(e.cards[0], e.cards[0], *e.cards[2:]))
            return _with_events(hand, events)
    return None


def discard_count(hand: Hand) -> Hand | None:
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Draw) and e.discards is not None and e.count >= 1:
            events[k] = dataclasses.replace(e, count=e.count - 1)
            return _with_events(hand, events)
    return None


def total_pot_off(hand: Hand) -> Hand | None:
    if hand.claims.total_pot is None:
        return None
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, total_pot=hand.claims.total_pot + 1))


def rake_off(hand: Hand) -> Hand | None:
    if hand.claims.rake is None:
        return None
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, rake=hand.claims.rake + 1))


def summary_won_off(hand: Hand) -> Hand | None:
    """The summary says a collector won one unit more than its collect lines (the body untouched)."""
    if not any(isinstance(e, Collect) for e in hand.events):
        return None
    players = {e.player for e in hand.events if isinstance(e, Collect)}
    seats = list(hand.claims.summary)
    for k, seat in enumerate(seats):
        if seat.won is not None and seat.player in players:
            seats[k] = dataclasses.replace(seat, won=seat.won + 1)
            return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=tuple(seats)))
    return None


def summary_net_off(hand: Hand) -> Hand | None:
    """A seat's net in the summary (KingsClub writes one, and the final stack) one unit off."""
    seats = list(hand.claims.summary)
    for k, seat in enumerate(seats):
        if seat.net is not None:
            seats[k] = dataclasses.replace(seat, net=seat.net + 1)
            return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=tuple(seats)))
    return None


def summary_cards_differ(hand: Hand) -> Hand | None:
    """The summary shows a player's hand with one card other than its show line showed."""
    shown = {e.player: e.cards for e in hand.events if isinstance(e, Show) and e.cards}
    seats = list(hand.claims.summary)
    for k, seat in enumerate(seats):
        if seat.cards and seat.player in shown:
            other = next(card for card in range(52) if card not in seat.cards and card not in shown[seat.player])
            seats[k] = dataclasses.replace(seat, cards=(other, *seat.cards[1:]))
            return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=tuple(seats)))
    return None


def uncalled_not_returned(hand: Hand) -> Hand | None:
    if not rules_for(hand).writes_uncalled:  # the room writes no return (PHH, Merge, KingsClub, Winamax)
        return None
    events = [e for e in hand.events if not isinstance(e, Uncalled)]
    if len(events) == len(hand.events):
        return None
    return _with_events(hand, events)


def collect_to_loser(hand: Hand) -> Hand | None:
    folded = [e.player for e in hand.events if isinstance(e, Fold)]
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Collect) and folded:
            events[k] = dataclasses.replace(e, player=folded[0])
            return _with_events(hand, events)
    return None


def _relabel(hand: Hand, show: Show, cards: tuple[Card, ...]) -> str | None:
    """The label of new shown cards: Badugi's always (as the suite always wrote it), another game's where
    the show had one."""
    return label_of(hand, cards) if hand.game == "badugi" or show.label else None


def winner_swapped(hand: Hand) -> Hand | None:
    """Give a pot to a player who showed a worse hand (in every pot half of a split game)."""
    shows = {e.player: e for e in hand.events if isinstance(e, Show) and e.cards}
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Collect) and e.player in shows:
            mine = classes(hand, shows[e.player].cards)
            losers = [p for p, s in shows.items()
                      if p != e.player and all(a > b for a, b in zip(classes(hand, s.cards), mine))]
            if losers:
                events[k] = dataclasses.replace(e, player=losers[0])
                return _with_events(hand, events)
    return None


def odd_chip_wrong(hand: Hand) -> Hand | None:
    """Turn a two-player showdown into a tie (the loser shows the winner's ranks in other suits), split
    the pot with an odd chip (one unit more rake if needed) and give the odd chip to the wrong player."""
    clean = replay(hand)
    if len(clean.pots) != 1 or clean.violations:
        return None
    shows = [e for e in hand.events if isinstance(e, Show)]
    collects = [e for e in hand.events if isinstance(e, Collect)]
    if len(shows) != 2 or len(collects) != 1 or hand.claims.total_pot is None:
        return None
    winner = next((s for s in shows if s.player == collects[0].player), None)
    loser = next((s for s in shows if s.player != collects[0].player), None)
    if winner is None or loser is None or loser.player == hand.hero or winner.player == hand.hero:
        return None
    resuited = tuple(Card(c - (c & 3) + ((c & 3) + 1) % 4) for c in winner.cards)
    new_loser = dataclasses.replace(loser, cards=resuited, label=_relabel(hand, loser, resuited))
    amount = collects[0].amount
    rake = hand.claims.rake or 0
    if amount % 2 == 0:
        amount -= 1
        rake += 1
    order = list(clean.order)  # clockwise from left of the button: the first tied player gets the odd chip
    first, second = sorted((winner.player, loser.player), key=order.index)
    line = collects[0].line
    wrong = [Collect(first, amount // 2, collects[0].pot, line=line),
             Collect(second, amount // 2 + 1, collects[0].pot, line=line)]
    events: list = []
    for e in hand.events:
        if e is loser:
            events.append(new_loser)
        elif isinstance(e, Collect):
            events.extend(wrong)
        else:
            events.append(e)
    summary = tuple(dataclasses.replace(s, cards=None, label=None) for s in hand.claims.summary)
    claims = dataclasses.replace(hand.claims, rake=rake, summary=summary)
    return dataclasses.replace(hand, events=tuple(events), claims=claims)


def wrong_label(hand: Hand) -> Hand | None:
    if hand.game != "badugi":
        return wrong_game_label(hand)
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Show) and e.label:
            cls = class_of(e.cards)
            other = cls + 1 if cls < 1092 else cls - 1
            events[k] = dataclasses.replace(e, label=label(other))
            return _with_events(hand, events)
    return None


def wrong_dealt_label(hand: Hand) -> Hand | None:
    """A dealt holding the room names (Merge's ``hand="Two Cards, 3-2"``) named as the next Badugi hand."""
    if hand.game != "badugi":
        return None
    events = list(hand.events)
    for k, e in enumerate(events):
        cards = e.cards if isinstance(e, Deal) else e.hand if isinstance(e, DrawDeal) else None
        if cards and e.label:
            cls = class_of(cards)
            events[k] = dataclasses.replace(e, label=label(cls + 1 if cls < 1092 else cls - 1))
            return _with_events(hand, events)
    return None


def wrong_game_label(hand: Hand) -> Hand | None:
    """A shown hand labelled (or relabelled) as the next hand of a pot half's ranking whose words say
    something else: the half the room's own label names, else the low half (a room without labels, a split
    game)."""
    game = get_game(hand.game)
    style = rules_for(hand).label_style
    events = list(hand.events)
    for k, e in enumerate(events):
        if not isinstance(e, Show) or len(e.cards) != game.hand_size:
            continue
        ranking = game.halves[-1]
        for half in game.halves:
            try:
                half.read_label(e.label or "")
            except ValueError:
                continue
            ranking = half
            break
        cls = ranking.class_of(e.cards)
        named = ranking.named(cls)
        for other in (cls + 1, cls - 1, cls + 2, cls - 2, cls + 10, cls - 10):
            if 1 <= other <= ranking.class_count and ranking.named(other) != named:
                events[k] = dataclasses.replace(e, label=ranking.label(other, style))
                return _with_events(hand, events)
    return None


def split_half_wrong(hand: Hand) -> Hand | None:
    """A split pot whose halves two players won, paid unevenly: part of one half moved to the other half's
    winner (the total unchanged; never a mere swap of the odd chip)."""
    if not get_game(hand.game).is_split:
        return None
    clean = replay(hand)
    for k, pot in enumerate(clean.pots):
        if len(pot.paid) != 2 or not pot.halves or pot.halves[0].winners == pot.halves[1].winners:
            continue
        (first, a), (second, b) = pot.paid
        shift = max(2, min(a, b) // 10)
        if shift >= min(a, b) or sorted((a + shift, b - shift)) == sorted((a, b)):
            continue
        pot_names = {0: ("pot", "main"), k: (f"side-{k}", "side")} if k else {0: ("pot", "main")}
        events, moved = [], {first: shift, second: -shift}
        for e in hand.events:
            if isinstance(e, Collect) and e.player in moved and e.pot in pot_names.get(k, ()):
                events.append(dataclasses.replace(e, amount=e.amount + moved.pop(e.player)))
            else:
                events.append(e)
        if moved:
            continue
        return _with_events(hand, events)
    return None


def half_to_other_winner(hand: Hand) -> Hand | None:
    """A split pot whose halves two players won, both halves paid to one of them (a scoop the showdown
    does not give)."""
    if not get_game(hand.game).is_split:
        return None
    clean = replay(hand)
    for pot in clean.pots:
        if len(pot.paid) != 2 or not pot.halves or pot.halves[0].winners == pot.halves[1].winners:
            continue
        (first, _), (second, _) = pot.paid
        events = [dataclasses.replace(e, player=first) if isinstance(e, Collect) and e.player == second else e
                  for e in hand.events]
        return _with_events(hand, events)
    return None


def draw_over_hand_size(hand: Hand) -> Hand | None:
    """A player declares more cards thrown than the game's hand holds."""
    size = get_game(hand.game).hand_size
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Draw):
            events[k] = dataclasses.replace(e, count=size + 1, discards=None, held=None)
            return _with_events(hand, events)
    return None


def shown_not_held(hand: Hand) -> Hand | None:
    """The hero shows (or mucks face up) a card the hero never held. Not for a hero whose draws the log
    gives as the new cards alone (KingsClub's ``discards [..] draws [..]``): the replay takes the hand after
    a draw only from the room's own words for it (kept and new cards, or the whole hand)."""
    if hand.hero is None or any(type(e) is DrawDeal and e.player == hand.hero and e.new is not None
                                and e.kept is None and e.hand is None for e in hand.events):
        return None
    clean = replay(hand)
    facts = clean.facts(hand.hero)
    if facts is None:
        return None
    h = facts.holdings
    known = [c for c in (h.dealt, *h.after) if c is not None]
    events = list(hand.events)
    for k, e in enumerate(events):
        if isinstance(e, Show) and e.player == hand.hero and known:
            held = set(known[-1])
            seen = {c for cards in known for c in cards}
            for shown in e.cards:
                spare = next((c for c in range(52) if c not in seen and c not in e.cards), None)
                if spare is not None and shown in held:
                    cards = tuple(Card(spare) if c == shown else c for c in e.cards)
                    events[k] = dataclasses.replace(e, cards=cards, label=_relabel(hand, e, cards))
                    return _with_events(hand, events)
    return None


def big_blind_first(hand: Hand) -> Hand | None:
    """The small and big blind lines swapped: the big blind posted first."""
    events = list(hand.events)
    kinds = [e.kind if isinstance(e, Post) else None for e in events]
    if PostKind.SMALL_BLIND not in kinds or PostKind.BIG_BLIND not in kinds:
        return None
    sb, bb = kinds.index(PostKind.SMALL_BLIND), kinds.index(PostKind.BIG_BLIND)
    if sb > bb:
        return None
    events[sb], events[bb] = (dataclasses.replace(events[bb], line=events[sb].line),
                              dataclasses.replace(events[sb], line=events[bb].line))
    return _with_events(hand, events)


def _antes(hand: Hand) -> list[int]:
    return [k for k, e in enumerate(hand.events) if isinstance(e, Post) and e.kind is PostKind.ANTE]


def second_ante(hand: Hand) -> Hand | None:
    """A player's ante written twice."""
    found = _antes(hand)
    if not found:
        return None
    events = list(hand.events)
    stacks = {s.player: s.stack for s in hand.seats}
    for k in found:
        if stacks.get(events[k].player, 0) >= 2 * events[k].amount:
            events.insert(k + 1, events[k])
            return _with_events(hand, events)
    return None


def ante_off(hand: Hand) -> Hand | None:
    """One ante (not an all-in) one chip short, among at least two antes (or with the ante stated)."""
    found = _antes(hand)
    if not found or (len(found) < 2 and hand.stakes.ante is None):
        return None
    events = list(hand.events)
    stacks = {s.player: s.stack for s in hand.seats}
    k = found[-1]
    if events[k].amount < 2 or events[k].amount >= stacks.get(events[k].player, 0):
        return None
    events[k] = dataclasses.replace(events[k], amount=events[k].amount - 1)
    return _with_events(hand, events)


def draw_pot_off(hand: Hand) -> Hand | None:
    """A draw marker's pot (Full Tilt) one chip more."""
    if not hand.claims.draw_pots:
        return None
    first = hand.claims.draw_pots[0]
    pots = (dataclasses.replace(first, pot=first.pot + 1), *hand.claims.draw_pots[1:])
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, draw_pots=pots))


def draw_players_off(hand: Hand) -> Hand | None:
    """A draw marker's count of players left (Full Tilt) one more."""
    counted = [k for k, p in enumerate(hand.claims.draw_pots) if p.players is not None]
    if not counted:
        return None
    pots = list(hand.claims.draw_pots)
    pots[counted[-1]] = dataclasses.replace(pots[counted[-1]], players=pots[counted[-1]].players + 1)
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, draw_pots=tuple(pots)))


def _summary_with(hand: Hand, k: int, **changes: object) -> Hand:
    summary = list(hand.claims.summary)
    summary[k] = dataclasses.replace(summary[k], **changes)
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=tuple(summary)))


def summary_fold_street_off(hand: Hand) -> Hand | None:
    """A summary seat line's fold moved one street later (``folded before the Draw`` -> ``after the 1st``)."""
    for k, seat in enumerate(hand.claims.summary):
        if seat.folded_street is not None:
            return _summary_with(hand, k, folded_street=seat.folded_street + 1)
    return None


def summary_folder_showed(hand: Hand) -> Hand | None:
    """A folded player's summary seat line says they showed down."""
    for k, seat in enumerate(hand.claims.summary):
        if seat.result == "folded":
            return _summary_with(hand, k, result="showed", folded_street=None)
    return None


def summary_button_moved(hand: Hand) -> Hand | None:
    """The summary's ``(button)`` on another seat's line (of a player in the hand: a sitting-out seat's line is
    left alone)."""
    seats = hand.claims.summary
    marked = [k for k, seat in enumerate(seats) if seat.position == "button"]
    if not marked or len(seats) < 2:
        return None
    others = [k for k, seat in enumerate(seats) if seat.position is None and seat.result != "sitting_out"]
    if not others:
        return None
    other = others[0]
    moved = _summary_with(hand, marked[0], position=None)
    return _summary_with(moved, other, position="button")


def summary_blind_elsewhere(hand: Hand) -> Hand | None:
    """The summary's ``(small blind)`` (else ``(big blind)``) on the line of a player who posted no blind."""
    seats = hand.claims.summary
    posters = {e.player for e in hand.events if isinstance(e, Post) and e.kind != PostKind.ANTE}
    named = {s.player for s in hand.seats}
    for position in ("small blind", "big blind"):
        marked = [k for k, seat in enumerate(seats) if seat.position == position]
        others = [k for k, seat in enumerate(seats) if seat.position is None and seat.result != "sitting_out"
                  and seat.player in named and seat.player not in posters]
        if marked and others:
            moved = _summary_with(hand, marked[0], position=None)
            return _summary_with(moved, others[0], position=position)
    return None


def summary_seat_lost(hand: Hand) -> Hand | None:
    """The summary seat line of a player whose fold the log shows lost, where the room lists every player dealt in."""
    if not rules_for(hand).summary_lists_players or hand.partial or hand.cancelled:
        return None
    seats = hand.claims.summary
    seated = {s.player for s in hand.seats}
    if any(seat.player not in seated for seat in seats):  # (two seat lines run into one: the summary is not judged)
        return None
    folders = {e.player for e in hand.events if isinstance(e, Fold)}
    for k, seat in enumerate(seats):
        if seat.result == "folded" and seat.player in folders:
            kept = seats[:k] + seats[k + 1:]
            return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=kept))
    return None


def pot_line_lost(hand: Hand) -> Hand | None:
    """The summary's total pot line lost, where the room always writes it."""
    if not rules_for(hand).summary_states_pot or not hand.claims.summary or hand.claims.total_pot is None:
        return None
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, total_pot=None, rake=None))


def small_blind_twice(hand: Hand) -> Hand | None:
    """The small blind's post line written twice (else the big blind's)."""
    events = list(hand.events)
    for kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
        for k, e in enumerate(events):
            if isinstance(e, Post) and e.kind == kind and not e.all_in:
                events.insert(k + 1, dataclasses.replace(e, line=e.line + 1))
                return _with_events(hand, events)
    return None


def summary_seat_twice(hand: Hand) -> Hand | None:
    """A summary seat line written twice."""
    seats = hand.claims.summary
    if not seats:
        return None
    doubled = (seats[0], dataclasses.replace(seats[0], line=seats[0].line + 1), *seats[1:])
    return dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, summary=doubled))


def uncalled_written_early(hand: Hand) -> Hand | None:
    """An uncalled-bet return written one line early, before the action that left the bet uncalled (the two
    lines swapped), where the room writes such lines."""
    if not rules_for(hand).writes_uncalled:
        return None
    events = list(hand.events)
    for k in range(1, len(events)):
        before, uncalled = events[k - 1], events[k]
        if isinstance(uncalled, Uncalled) and isinstance(before, ACTIONS) and 0 < before.line < uncalled.line:
            events[k - 1] = dataclasses.replace(uncalled, line=before.line)
            events[k] = dataclasses.replace(before, line=uncalled.line)
            return _with_events(hand, events)
    return None


def draw_marker_lost(hand: Hand) -> Hand | None:
    """The last draw's marker line lost: that draw's lines, and the betting after it, read as the draw before's."""
    last = max((e.draw for e in hand.events if isinstance(e, Draw)), default=0)
    if last < 2:
        return None
    events = []
    for e in hand.events:
        if isinstance(e, (Draw, DrawDeal)) and e.draw == last:
            e = dataclasses.replace(e, draw=last - 1)
        elif isinstance(e, ACTIONS) and e.street == last:
            e = dataclasses.replace(e, street=last - 1)
        events.append(e)
    return _with_events(hand, events)


def table_too_small(hand: Hand) -> Hand | None:
    """The header's table size one below the highest seat number."""
    top = max((s.seat for s in hand.seats), default=0)
    if top < 2:
        return None
    return dataclasses.replace(hand, max_seats=top - 1)


MUTATIONS: tuple[tuple[str, str, Callable[[Hand], Hand | None]], ...] = (
    ("wrong fixed-limit size", "bet.wrong_size", wrong_fl_size),
    ("big blind posted before the small", "order.out_of_turn", big_blind_first),
    ("a second ante", "blind.wrong_amount", second_ante),
    ("an ante one chip short", "blind.wrong_amount", ante_off),
    ("table size below a seat", "seat.over_table_size", table_too_small),
    ("raise over the cap", "bet.over_cap", raise_over_cap),
    ("action out of turn", "order.out_of_turn", out_of_turn),
    ("check facing a bet", "check.facing_bet", check_facing_bet),
    ("call of the wrong amount", "call.wrong_amount", wrong_call_amount),
    ("more than the stack", "stack.exceeded", more_than_stack),
    ("card appears twice", "cards.duplicate", duplicate_card),
    ("discards != cards received", "draw.count_mismatch", discard_count),
    ("total pot off by one", "pot.total_mismatch", total_pot_off),
    ("rake off by one", "rake.mismatch", rake_off),
    ("a draw marker's pot off by one", "pot.total_mismatch", draw_pot_off),
    ("a draw marker's players off by one", "draw.players_mismatch", draw_players_off),
    ("summary's amount won off by one", "summary.mismatch", summary_won_off),
    ("summary's net off by one", "summary.mismatch", summary_net_off),
    ("summary's fold a street later", "summary.mismatch", summary_fold_street_off),
    ("summary's button on another seat", "summary.mismatch", summary_button_moved),
    ("summary says a folder showed", "summary.mismatch", summary_folder_showed),
    ("summary's small blind on a player who posted none", "summary.mismatch", summary_blind_elsewhere),
    ("the last draw's marker lost", "order.out_of_turn", draw_marker_lost),
    ("a folder's summary seat line lost", "summary.mismatch", summary_seat_lost),
    ("the summary's pot line lost", "summary.mismatch", pot_line_lost),
    ("a blind's post line twice", "blind.wrong_amount", small_blind_twice),
    ("a summary seat line twice", "summary.mismatch", summary_seat_twice),
    ("an uncalled return written before its action", "uncalled.mismatch", uncalled_written_early),
    ("summary shows other cards", "showdown.shown_not_held", summary_cards_differ),
    ("uncalled bet not returned", "uncalled.mismatch", uncalled_not_returned),
    ("collect given to a loser", "showdown.wrong_winner", collect_to_loser),
    ("winner swapped", "showdown.wrong_winner", winner_swapped),
    ("odd chip to the wrong player", "showdown.odd_chip", odd_chip_wrong),
    ("wrong hand label", "showdown.label_mismatch", wrong_label),
    ("wrong label of a dealt hand", "showdown.label_mismatch", wrong_dealt_label),
    ("shown cards contradict hero's", "showdown.shown_not_held", shown_not_held),
)

GAME_MUTATIONS: tuple[tuple[str, str, Callable[[Hand], Hand | None]], ...] = (
    ("half paid unevenly", "showdown.wrong_split", split_half_wrong),
    ("both halves to one winner", "showdown.wrong_winner", half_to_other_winner),
    ("draw beyond the hand", "draw.count_mismatch", draw_over_hand_size),
)
"""Mutations of the draw-game family besides ``MUTATIONS`` (which run on every game's hands too): a split
pot's halves paid unevenly or both to one of its two winners, a draw of more cards than the hand holds."""


def run_mutants(hands: Sequence[Hand], mutations: list) -> tuple[list[tuple[str, str, int, int]], list[tuple]]:
    """Every mutation applied to every hand it fits: per mutation (name, intended code, mutants, caught), and
    the mutants missed as (name, room, hand id, the codes found instead)."""
    rows, misses = [], []
    for name, code, mutate in mutations:
        made = caught = 0
        for hand in hands:
            mutant = mutate(hand)
            if mutant is None:
                continue
            made += 1
            codes = replay(mutant).codes
            if code in codes:
                caught += 1
            else:
                misses.append((name, hand.room, hand.hand_id, codes))
        rows.append((name, code, made, caught))
    return rows, misses

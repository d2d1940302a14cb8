"""PHH reader and writer: the DESIGN section 7 worked hand written by hand, round trips, broken input."""

from __future__ import annotations

import dataclasses
import textwrap
from collections import defaultdict
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Noise, Post, PostKind, Raise, Show, Uncalled,
)
from badugi.parsers.phh import read_phh_file, read_phh_text, sniff, write_phh, write_phhs
from badugi.parsers.reader import read_text
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms.merge import read_merge_file
from conftest import REAL_HH, SAMPLES, real_file

# DESIGN section 7, written by hand: $1/$2 blinds, $2/$4 limit; p1 = Bob (small blind), p2 = Carol (big
# blind), p3 = Ted, p4 = Alice (button). Every player starts with $100.
WORKED = textwrap.dedent('''\
    variant = "FB"
    antes = [0, 0, 0, 0]
    blinds_or_straddles = [1, 2, 0, 0]
    small_bet = 2
    big_bet = 4
    starting_stacks = [100, 100, 100, 100]
    actions = [
      # pre-draw
      "d dh p1 ????????",
      "d dh p2 ????????",
      "d dh p3 ????????",
      "d dh p4 ????????",
      "p3 f",
      "p4 cc",
      "p1 cc",  # Bob completes
      "p2 cc",  # Carol checks: pot $6
      # draw 1: Bob 2, Carol 2, Alice 1
      "p1 sd ????", "p2 sd ????", "p4 sd ??",
      "d dh p1 ????", "d dh p2 ????", "d dh p4 ??",
      "p1 cc", "p2 cbr 2", "p4 cc", "p1 cc",  # pot $12
      # draw 2: Bob 1, Carol pat, Alice 1
      "p1 sd ??", "p2 sd", "p4 sd ??",
      "d dh p1 ??", "d dh p4 ??",
      "p1 cc", "p2 cbr 4", "p4 cbr 8", "p1 f", "p2 cc",  # pot $28
      # draw 3: Carol 1, Alice pat
      "p2 sd ??", "p4 sd",
      "d dh p2 ??",
      "p2 cc", "p4 cbr 4", "p2 cc",
      "p4 sm 2s4c6d9h",
      "p2 sm 3s5d7c8h",
    ]
    hand = "worked-1"
    players = ["Bob", "Carol", "Ted", "Alice"]
    currency = "USD"
    winnings = [0, 36, 0, 0]
    ''')


def read_one(text: str) -> Hand:
    results = list(read_phh_text(text, "worked.phh"))
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


def test_worked_hand_reads_to_the_right_record() -> None:
    hand = read_one(WORKED)
    assert (hand.limit, hand.currency, hand.stakes.small_bet, hand.stakes.big_bet) == (Limit.FIXED, "USD", 200, 400)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (100, 200)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Bob", 10000), (2, "Carol", 10000), (3, "Ted", 10000), (4, "Alice", 10000)]
    assert hand.button == 4 and hand.hero is None and hand.hand_id == "worked-1"
    assert [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Post)] == [
        ("Bob", PostKind.SMALL_BLIND, 100), ("Carol", PostKind.BIG_BLIND, 200)]
    actions = [e for e in hand.events if isinstance(e, (Fold, Check, Call, Bet, Raise))]
    lines = [e.line for e in actions]
    assert lines[:4] == [13, 14, 15, 16]  # each action keeps its line in the file
    assert [(type(e).__name__, e.player, e.street, getattr(e, "amount", None) or getattr(e, "raise_to", None))
            for e in actions] == [
        ("Fold", "Ted", 0, None), ("Call", "Alice", 0, 200), ("Call", "Bob", 0, 100), ("Check", "Carol", 0, None),
        ("Check", "Bob", 1, None), ("Bet", "Carol", 1, 200), ("Call", "Alice", 1, 200), ("Call", "Bob", 1, 200),
        ("Check", "Bob", 2, None), ("Bet", "Carol", 2, 400), ("Raise", "Alice", 2, 800), ("Fold", "Bob", 2, None),
        ("Call", "Carol", 2, 400),
        ("Check", "Carol", 3, None), ("Bet", "Alice", 3, 400), ("Call", "Carol", 3, 400)]
    assert [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, Draw)] == [
        ("Bob", 1, 2), ("Carol", 1, 2), ("Alice", 1, 1), ("Bob", 2, 1), ("Carol", 2, 0), ("Alice", 2, 1),
        ("Carol", 3, 1), ("Alice", 3, 0)]
    assert [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, DrawDeal)] == [
        ("Bob", 1, 2), ("Carol", 1, 2), ("Alice", 1, 1), ("Bob", 2, 1), ("Alice", 2, 1), ("Carol", 3, 1)]
    assert [(e.player, e.cards) for e in hand.events if isinstance(e, Show)] == [
        ("Alice", parse_cards("2s 4c 6d 9h")), ("Carol", parse_cards("3s 5d 7c 8h"))]
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, Collect)] == [("Carol", 3600)]


def test_worked_hand_replays_to_the_design_net() -> None:
    replay_module = pytest.importorskip("badugi.engine.replay")
    result = replay_module.replay(read_one(WORKED))
    net = dict(result.net)
    assert {name: net.get(name, 0) for name in ("Bob", "Carol", "Ted", "Alice")} == {
        "Bob": -400, "Carol": 2000, "Ted": 0, "Alice": -1600}
    assert not result.violations


# ---- the normalised projection a round trip must keep --------------------------------------------


def projection(hand: Hand) -> dict[str, Any]:
    """What PHH can carry: players in the hand and stacks, posts, every action with its round total,
    draw counts, every holding the log pins down, shown cards, collected amounts, identity."""
    named = {getattr(e, "player", None) for e in hand.events if not isinstance(e, Noise)}
    players = sorted((s.seat, s.player, s.stack) for s in hand.seats
                     if s.player in named or not (s.sitting_out or (s.note and "out of hand" in s.note)))
    posts = sorted((e.player, e.kind.value, e.amount) for e in hand.events if isinstance(e, Post))
    live = {PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.EXTRA}
    put_in: dict[str, int] = defaultdict(int)
    for event in hand.events:
        if isinstance(event, Post) and event.kind in live:
            put_in[event.player] += event.amount
    street, actions = 0, []
    for event in hand.events:
        if not isinstance(event, (Fold, Check, Call, Bet, Raise)):
            continue
        if event.street != street:
            street, put_in = event.street, defaultdict(int)
        total = None
        if isinstance(event, Call):
            put_in[event.player] = event.amount if event.is_total else put_in[event.player] + event.amount
            total = put_in[event.player]
        elif isinstance(event, Bet):
            put_in[event.player] += event.amount
            total = put_in[event.player]
        elif isinstance(event, Raise):
            total = event.raise_to if event.raise_to is not None else max(put_in.values()) + event.raise_by
            put_in[event.player] = total
        actions.append((type(event).__name__, event.player, event.street, total))
    draws = [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, Draw)]
    holdings: dict[tuple[str, int], frozenset] = {}
    held: dict[str, tuple | None] = {}
    thrown: dict[tuple[str, int], tuple | None] = {}
    for event in hand.events:
        if isinstance(event, Deal) and event.cards is not None and event.player not in held:
            held[event.player] = event.cards
            holdings[(event.player, 0)] = frozenset(event.cards)
        elif isinstance(event, Draw):
            thrown[(event.player, event.draw)] = event.discards
            if event.count == 0 and held.get(event.player) is not None:
                holdings[(event.player, event.draw)] = frozenset(held[event.player])
        elif isinstance(event, DrawDeal):
            before, after = held.get(event.player), None
            if event.hand is not None:
                after = event.hand
            elif event.kept is not None and event.new is not None:
                after = event.kept + event.new
            elif before is not None and event.new is not None and thrown.get((event.player, event.draw)):
                after = tuple(c for c in before if c not in thrown[(event.player, event.draw)]) + event.new
            held[event.player] = after
            if after is not None:
                holdings[(event.player, event.draw)] = frozenset(after)
    shows = sorted((e.player, tuple(sorted(e.cards))) for e in hand.events if isinstance(e, Show))
    won = sorted((e.player, e.pot, e.amount) for e in hand.events if isinstance(e, Collect))
    returned = sorted((e.player, e.amount) for e in hand.events if isinstance(e, Uncalled))
    return {"id": hand.hand_id, "room": hand.room, "game": hand.game, "limit": hand.limit, "currency": hand.currency,
            "bets": (hand.stakes.small_bet, hand.stakes.big_bet), "button": hand.button, "hero": hand.hero,
            "start": hand.start_time, "table": hand.table, "players": players, "posts": posts,
            "actions": actions, "draws": draws, "holdings": holdings, "shows": shows, "won": won, "returned": returned,
            "cancelled": hand.cancelled}


def test_worked_hand_round_trips_through_the_writer() -> None:
    hand = read_one(WORKED)
    text = write_phh(hand)
    again = read_one(text)
    assert projection(again) == projection(hand)
    assert write_phh(again) == text  # the writer's output is a fixed point


def real_merge_hands() -> list[Hand]:
    """The real Merge Badugi hands (its draw-game hands go through PHH in ``test_draw_games.py``)."""
    hands = []
    for path in sorted((REAL_HH / "merge").glob("*")) if REAL_HH.exists() else []:
        hands.extend(r for r in read_merge_file(path) if isinstance(r, Hand) and r.game == "badugi")
    return hands


def test_real_merge_hands_round_trip() -> None:
    hands = real_merge_hands()
    if not hands:
        pytest.skip("real hand histories not available")
    assert len(hands) == 2
    for hand in hands:
        again = read_one(write_phh(hand))
        assert projection(again) == projection(hand)
        assert again.room == "merge" and again.limit is hand.limit


def test_real_merge_pot_limit_hand_as_phh_text() -> None:
    [hand] = [h for h in real_merge_hands() if h.hand_id == "31274465-32"] or [None]
    if hand is None:
        pytest.skip("real hand histories not available")
    text = write_phh(hand)
    # heads-up: p1 = Hero (big blind, left of the button), p2 = Player3 (button, small blind); PHH
    # writes forced bets reversed heads-up, so [small, big].
    assert 'variant = "PB"' in text and "blinds_or_straddles = [0.05, 0.10]" in text
    assert "starting_stacks = [10.00, 5.32]" in text and 'players = ["Hero", "Player3"]' in text
    assert '"p1 sd Jh3s",' in text and '"d dh p1 Ah6s",' in text  # discards and new cards from whole hands
    assert '"p2 cbr 0.20",' in text and '"p1 cbr 0.60",' in text
    assert "winnings = [0.97, 0.00]" in text and "finishing_stacks = [10.27, 5.02]" in text


def test_every_real_badugi_hand_of_every_room_round_trips() -> None:
    """Room text -> Hand -> PHH -> Hand keeps the projection for every real Badugi hand in every room, and
    the PHH version replays exactly like the original: no violations, same net and rake (the other draw
    games' real hands: ``test_draw_games.py``)."""
    reader = pytest.importorskip("badugi.parsers.reader")
    from badugi.engine.replay import replay
    if not REAL_HH.exists():
        pytest.skip("real hand histories not available")
    rooms: dict[str, int] = defaultdict(int)
    for path in sorted(p for p in REAL_HH.rglob("*") if p.is_file() and p.name != "SOURCES.md"):
        for result in reader.read_file(path):
            if isinstance(result, Hand) and result.game == "badugi":
                again = read_one(write_phh(result))
                assert projection(again) == projection(result), (path.name, result.hand_id)
                first, second = replay(result), replay(again)
                assert not first.violations and not second.violations, (path.name, result.hand_id)
                assert (dict(second.net), second.rake) == (dict(first.net), first.rake)
                rooms[result.room] += 1
    assert rooms == {"pokerstars": 4 + 78, "fulltilt": 2, "kingsclub": 1, "merge": 2}


def test_real_pokerstars_hands_round_trip() -> None:
    reader = pytest.importorskip("badugi.parsers.reader")
    path = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt")
    hands = [r for r in reader.read_file(path) if isinstance(r, Hand)]
    assert len(hands) == 4
    tour = [r for r in reader.read_file(real_file("pokerstars/tour__LBad-USD-MTT8-201011.txt"))
            if isinstance(r, Hand)]
    assert len(tour) == 78
    for hand in hands + tour:
        again = read_one(write_phh(hand))
        assert projection(again) == projection(hand), hand.hand_id


def test_phhs_many_hands_and_a_broken_one_in_the_middle() -> None:
    hand = read_one(WORKED)
    text = write_phhs([hand, hand])
    assert '  "p4 cbr 8.00",' in text  # dollars in major units
    broken = text.replace('"p4 cbr 8.00",', '"p4 cbr eight",', 1)
    results = list(read_phh_text(broken, "many.phhs"))
    assert [type(r).__name__ for r in results] == ["ParseFailure", "Hand"]
    assert results[0].code == "parse.bad_amount" and results[0].line == text.splitlines().index(
        '  "p4 cbr 8.00",') + 1
    assert projection(results[1]) == projection(hand) | {"id": "worked-1"}


def test_files_on_disk(tmp_path) -> None:
    hand = read_one(WORKED)
    (tmp_path / "one.phh").write_text(write_phh(hand))
    (tmp_path / "many.phhs").write_text(write_phhs([hand] * 3))
    assert [type(r).__name__ for r in read_phh_file(tmp_path / "one.phh")] == ["Hand"]
    results = list(read_phh_file(tmp_path / "many.phhs"))
    assert len(results) == 3 and all(projection(r) == projection(hand) for r in results)
    assert results[2].source.line == 2 * (len(write_phh(hand).splitlines()) + 2) + 1


@pytest.mark.parametrize("edit, code", [
    (lambda t: t.replace('variant = "FB"', 'variant = "NT"'), None),
    (lambda t: t.replace("actions = [", "actions = [[[["), "parse.toml"),
    (lambda t: t.replace('"p3 f",', '"p9 f",'), "parse.unknown_player"),
    (lambda t: t.replace('"p3 f",', '"p3 pb",'), "parse.unknown_action"),
    (lambda t: t.replace('"p4 sm 2s4c6d9h"', '"p4 sm 2s4c6d9x"'), "parse.bad_cards"),
    (lambda t: t.replace("small_bet = 2", "small_bet = 2.005"), "parse.bad_amount"),
    (lambda t: t.replace("starting_stacks = [100, 100, 100, 100]", 'starting_stacks = [100, 100, 100, inf]'),
     "parse.unsupported"),
    (lambda t: t.replace("starting_stacks", "stacks"), "parse.missing_field"),
    (lambda t: t.replace('"d dh p1 ????????"', '"d db Ah2c3d"'), "parse.unknown_action"),
])
def test_broken_phh_gives_values_not_exceptions(edit, code) -> None:
    [result] = list(read_phh_text(edit(WORKED)))
    if code is None:
        assert isinstance(result, Skipped) and result.reason == "unsupported game: PHH variant NT"
    else:
        assert isinstance(result, ParseFailure) and result.code == code


def test_sniff() -> None:
    assert sniff(WORKED) and sniff("[1]\nvariant = 'FB'\n")
    assert not sniff("PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD)")


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(names, min_size=4, max_size=4, unique=True),
       st.lists(st.integers(1600, 10**7), min_size=4, max_size=4),
       st.sampled_from(["USD", "EUR", "CHIPS", "PLAY"]))
def test_any_names_stacks_and_currency_survive_the_round_trip(players, stacks, currency) -> None:
    hand = read_one(WORKED)
    seats = tuple(s.__class__(s.seat, p, st_) for s, p, st_ in zip(hand.seats, players, stacks))
    rename = dict(zip([s.player for s in hand.seats], players))
    events = tuple(dataclasses.replace(e, player=rename[e.player]) if getattr(e, "player", None) else e
                   for e in hand.events)
    changed = dataclasses.replace(hand, seats=seats, events=events, currency=currency)
    again = read_one(write_phh(changed))
    assert projection(again) == projection(changed)


def test_money_is_exact_decimal() -> None:
    hand = read_one(WORKED.replace("starting_stacks = [100, 100, 100, 100]",
                                   "starting_stacks = [100.07, 0.29, 1e2, 3]"))
    assert [s.stack for s in hand.seats] == [10007, 29, 10000, 300]
    assert Decimal("0.29") * 100 == 29


def test_export_writes_one_phhs_per_input_file(tmp_path) -> None:
    from badugi.parsers.phh_export import export_phh

    if not REAL_HH.exists():
        pytest.skip("real hand histories not available")
    inputs = sorted((REAL_HH / "merge").glob("*"))
    reports = list(export_phh(inputs, tmp_path / "out", read=read_merge_file))
    assert [r.source for r in reports] == inputs
    written = {r.source.name: (r.target.name, r.written) for r in reports if r.target is not None}
    # every game is written (2-7 and A-5 with their own PHH codes); the cancelled hand has one player in (not
    # expressible) and the hand cut out without its <description> is unreadable (no limit, no stakes)
    assert written == {
        "cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt": ("cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.phhs", 1),
        "cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt": ("cash__Badugi-PL-USD-0.05-0.10-201101.Sample.phhs", 1),
        "cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt": ("cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.phhs", 15),
        "cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt":
            ("cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.phhs", 1),
        "cash__3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt":
            ("cash__3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.phhs", 1),
        "cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt": ("cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.phhs", 1)}
    assert sum(r.skipped for r in reports) == 0 and sum(r.failed for r in reports) == 1
    assert [n.split(":")[0] for r in reports for n in r.not_expressible] == ["31691047-143"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(t for t, _ in written.values())
    for report in reports:
        if report.target is None:
            continue
        originals = [r for r in read_merge_file(report.source) if isinstance(r, Hand)]
        again = list(read_phh_file(report.target))
        assert [projection(h) for h in again] == [projection(h) for h in originals]


def test_unusual_posts_and_table_noise() -> None:
    """Posts PHH's arrays cannot tell apart (dead small blind, small & big together, an extra big blind)
    keep their kinds through ``_posts``; chat, sitting-out seats and uncalled claims are dropped."""
    from badugi.engine.record import Seat, Source, Stakes, Uncalled, Muck

    hand = Hand(
        room="pokerstars", hand_id="77", game="badugi", limit=Limit.FIXED,
        stakes=Stakes(50, 100, 25, 50), currency="USD", source=Source("x.txt", 1), table="T", max_seats=6,
        button=2, hero="Dan",
        seats=(Seat(1, "Ann", 1000), Seat(2, "Ben", 1000), Seat(3, "Cat", 1000), Seat(4, "Dan", 1000),
               Seat(5, "Eve", 1000, sitting_out=True), Seat(6, "Fay", 60)),
        events=(
            Post("Cat", PostKind.SMALL_BLIND, 25), Post("Dan", PostKind.BIG_BLIND, 50),
            Post("Fay", PostKind.BOTH, 60, all_in=False), Post("Ann", PostKind.DEAD_SMALL, 25),
            Post("Ann", PostKind.EXTRA, 50),
            Deal("Dan", parse_cards("As 2d 3h Kc")), Noise("chat", "Eve", "gl all"),
            Fold("Fay", 0), Check("Ann", 0), Raise("Ben", 0, 50, 100), Fold("Cat", 0), Call("Dan", 0, 50),
            Fold("Ann", 0),
            Draw("Dan", 1, 1, discards=parse_cards("Kc")), Draw("Ben", 1, 0),
            DrawDeal("Dan", 1, kept=parse_cards("As 2d 3h"), new=parse_cards("4c")),
            Bet("Dan", 1, 50), Fold("Ben", 1), Uncalled("Dan", 50), Collect("Dan", 385), Muck("Dan"),
        ),
    )
    text = write_phh(hand)
    assert '_posts = ["p1 sb 0.25", "p2 bb 0.50", "p3 both 0.60", "p4 dead_sb 0.25", "p4 extra 0.50"]' in text
    assert "starting_stacks = [10.00, 10.00, 0.60, 10.00, 10.00]" in text  # Cat Dan Fay Ann Ben; Eve out
    assert '"p2 sd Kc",' in text and '"d dh p2 4c",' in text and '"p5 sd",' in text
    assert "gl all" not in text and " sm" not in text  # chat dropped; no showdown, so no muck
    again = read_one(text)
    assert projection(again) == projection(hand)
    assert [e for e in again.events if isinstance(e, Post) and e.player == "Fay"][0].all_in


def test_optional_time_fields_and_anonymous_players() -> None:
    text = WORKED.replace('players = ["Bob", "Carol", "Ted", "Alice"]', 'players = ["Bob", "", "Ted", ""]')
    hand = read_one(text + 'year = 2011\nmonth = 1\nday = 29\ntime = 22:40:38\ntime_zone = "America/New_York"\n')
    assert [s.player for s in hand.seats] == ["Bob", "p2", "Ted", "p4"]
    assert hand.start_time == datetime(2011, 1, 30, 3, 40, 38, tzinfo=timezone.utc)
    assert read_one(WORKED + "time = 2011-01-30T03:40:38Z\n").start_time == hand.start_time


def test_parse_hand_places_one_table_in_its_file() -> None:
    from badugi.parsers.phh import parse_hand, recognises

    assert recognises("[1]") and recognises('variant = "FB"')
    result = parse_hand(WORKED, "many.phhs", line=101, offset=5000)
    assert isinstance(result, Hand) and (result.source.line, result.source.offset) == (101, 5000)
    assert next(e for e in result.events if isinstance(e, Fold)).line == 101 + 12


@pytest.mark.parametrize("cut_fraction", [0.0, 0.2, 0.5, 0.93])
def test_split_tables_matches_the_file_reader_across_windows(tmp_path, cut_fraction: float) -> None:
    from badugi.parsers.phh import parse_hand, split_tables

    hand = read_one(WORKED)
    path = tmp_path / "many.phhs"
    path.write_text(write_phhs([hand] * 5))
    data = path.read_bytes()
    expected = [(type(r).__name__, r.source.line, r.source.offset) for r in read_phh_file(path)]
    cut = int(len(data) * cut_fraction)
    first, end, line = split_tables(data[:cut], final=False) if cut else ([], 0, 1)
    rest, end2, _ = split_tables(data[end:], end, line)
    assert end2 == len(data)
    results = [parse_hand(t.text, str(path), t.first_line, t.offset) for t in first + rest]
    assert [(type(r).__name__, r.source.line, r.source.offset) for r in results] == expected
    assert all(projection(r) == projection(hand) for r in results)
    [single] = split_tables(WORKED.encode())[0]
    assert isinstance(parse_hand(single.text, "w.phh", single.first_line, single.offset), Hand)


def test_a_hand_phh_cannot_hold_is_an_error_value_not_a_broken_file() -> None:
    from badugi.parsers.phh import PhhWriteError
    from badugi.parsers.rooms.merge import read_merge_text

    cancelled = real_file("merge/cash__3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt").read_text()
    [hand] = list(read_merge_text(cancelled.replace('type="2-7 Lowball"', 'type="Badugi"')
                                  .replace('gametype="67"', 'gametype="71"')))
    assert hand.cancelled  # both seats were dealt out; only the small blind was posted
    with pytest.raises(PhhWriteError, match="fewer than two players"):
        write_phh(hand)


def test_reference_style_file_without_optional_fields() -> None:
    """The same hand as PokerKit's own Wikipedia badugi example writes it: no currency (chips), no
    players, no winnings, extra standard fields; the record's actions are the same."""
    text = ("ante_trimming_status = true\n" + WORKED + 'author = "Juho Kim"\n').replace(
        "starting_stacks = [100, 100, 100, 100]", "starting_stacks = [200, 200, 200, 200]")
    text = text.replace('currency = "USD"\n', "").replace("winnings = [0, 36, 0, 0]\n", "")
    text = text.replace('players = ["Bob", "Carol", "Ted", "Alice"]\n', "")
    hand = read_one(text)
    assert hand.currency == "CHIPS" and [(s.player, s.stack) for s in hand.seats] == [
        ("p1", 200), ("p2", 200), ("p3", 200), ("p4", 200)]
    assert not [e for e in hand.events if isinstance(e, Collect)]
    rename = {"Bob": "p1", "Carol": "p2", "Ted": "p3", "Alice": "p4"}
    dollars = projection(read_one(WORKED))["actions"]
    assert projection(hand)["actions"] == [(k, rename[p], s, t // 100 if t else t) for k, p, s, t in dollars]


def test_sniff_after_a_comment_block_and_not_on_room_text() -> None:
    assert sniff("# a hand\n# from somewhere\n" * 15 + WORKED)
    assert sniff("\ufeff\n[1]\nvariant = 'FB'\n")
    assert not sniff("Seat 1: Player0 (1,285)\nvariant = x\n")
    assert not sniff('<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>')
    assert not sniff("")


def test_failures_start_with_file_line_and_hand() -> None:
    """A PHH failure's message starts ``file:line (hand #id):`` like the text rooms' (found by the mutation
    fuzzer: ``no player 'p7'`` and ``not TOML: ...`` named neither file nor line nor hand). Hand-checked
    on the sample's table ``[1]`` (hand ``49268200001``): line 13 is ``"p3 f",``; line 7 holds the stacks."""
    text = (SAMPLES / "phh_fl_cash.phhs").read_text()
    first = text[:text.index("\n[2]\n") + 1]
    lines = first.split("\n")
    assert lines[12] == '  "p3 f",' and lines[6].startswith("starting_stacks = [")
    lines[12] = '  "p7 f",'
    (failure,) = [r for r in read_text("\n".join(lines), "s.phhs") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.unknown_player" and failure.line == 13, failure
    assert failure.message == "s.phhs:13 (hand #49268200001): no player 'p7'", failure.message
    lines[12] = '  "p3 f",'
    lines[6] = "starting_stacks = [11.37, 7.45,, 122.60, 9.04]"
    (failure,) = [r for r in read_text("\n".join(lines), "s.phhs") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.toml" and failure.line == 7, failure
    assert failure.message.startswith("s.phhs:7 (hand #s.phhs#1): not TOML: "), failure.message


def test_a_table_cut_short_fails_at_its_last_line() -> None:
    """TOML that stops inside the actions array (``(at end of document)``, no line from ``tomllib``) is named
    at the table's last line, where the document ends, not at its first. Hand-checked on table ``[1]``: its
    actions array opens at line 8; cut after line 13 (``"p3 f",``) the document ends at line 13."""
    text = (SAMPLES / "phh_fl_cash.phhs").read_text()
    lines = text[:text.index("\n[2]\n") + 1].split("\n")
    assert lines[7].startswith("actions = [") and lines[12] == '  "p3 f",'
    (failure,) = [r for r in read_text("\n".join(lines[:13]) + "\n", "s.phhs") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.toml" and failure.line == 13, failure
    assert "end of document" in failure.message


def _alice_known(text: str) -> str:
    """The worked hand with Alice's cards known: dealt 2s 4c Kd Kh, Kd for 6d at draw 1, Kh for 9h at draw 2."""
    text = text.replace('"d dh p4 ????????"', '"d dh p4 2s4cKdKh"')
    text = text.replace('"p4 sd ??"', '"p4 sd Kd"', 1).replace('"d dh p4 ??"', '"d dh p4 6d"', 1)
    return text.replace('"p4 sd ??"', '"p4 sd Kh"', 1).replace('"d dh p4 ??"', '"d dh p4 9h"', 1)


def test_a_deal_written_a_card_a_line_is_one_deal() -> None:
    """PHH lets a deal be written a card a line, round the table, and replacement cards one by one
    (pokerkit's WSOP 2023 hands do): each player's cards since the last player's action are one deal. The
    worked hand so written reads to the same events as written a deal a line, and replays clean."""
    whole = _alice_known(WORKED)
    round_the_table = ",\n".join(f'  "d dh p{p} {"2s4cKdKh"[2 * k:2 * k + 2] if p == 4 else "??"}"'
                                 for k in range(4) for p in range(1, 5))
    deals = '  "d dh p1 ????????",\n  "d dh p2 ????????",\n  "d dh p3 ????????",\n  "d dh p4 2s4cKdKh",'
    assert deals in whole
    split = whole.replace(deals, round_the_table + ",").replace(
        '"d dh p1 ????", "d dh p2 ????"', '"d dh p1 ??", "d dh p1 ??", "d dh p2 ??", "d dh p2 ??"')
    assert split.count('"d dh ') == 16 + 5 + 2 + 1  # round the table; draw 1 (Bob and Carol a card a line), 2, 3

    def events(text: str) -> list:
        return [dataclasses.replace(e, line=0) for e in read_one(text).events]

    assert events(split) == events(whole)
    hand = read_one(split)
    assert [e.cards for e in hand.events if isinstance(e, Deal) and e.player == "Alice"] == [
        parse_cards("2s 4c Kd Kh")]
    assert [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, DrawDeal)] == [
        ("Bob", 1, 2), ("Carol", 1, 2), ("Alice", 1, 1), ("Bob", 2, 1), ("Alice", 2, 1), ("Carol", 3, 1)]
    replay_module = pytest.importorskip("badugi.engine.replay")
    assert not replay_module.replay(hand).violations


def test_a_fold_of_an_all_in_player_is_not_written() -> None:
    """A room that kills a sitting-out player's all-in hand writes their fold (a real PokerStars Badugi
    SNG hand: ``posts small blind 25 and is all-in``, then ``folds``). PHH has no such action: written
    ``f`` other tools read a fold out of turn, left out the player would stay in the pot. An error value."""
    from badugi.engine.record import Claims, Seat, Source, Stakes
    from badugi.parsers.phh import PhhWriteError

    seats = (Seat(1, "Ann", 1000, line=2), Seat(2, "Bea", 25, sitting_out=True, line=3), Seat(3, "Cy", 1000, line=4))
    events = (Post("Bea", PostKind.SMALL_BLIND, 25, True, line=5), Post("Cy", PostKind.BIG_BLIND, 50, line=6),
              Fold("Ann", 0, line=8), Fold("Bea", 0, line=9), Uncalled("Cy", 25, line=10), Collect("Cy", 50, line=11))
    hand = Hand(room="pokerstars", hand_id="52589452703", game="badugi", limit=Limit.FIXED,
                stakes=Stakes(50, 100, 25, 50), currency="CHIPS", source=Source("t.txt", 1), button=1,
                seats=seats, events=events, claims=Claims(total_pot=50, rake=0, line=12))
    with pytest.raises(PhhWriteError, match="the room folded Bea, who was all in"):
        write_phh(hand)
    alive = dataclasses.replace(hand, events=tuple(e for e in events if not isinstance(e, Fold) or e.player == "Ann"))
    assert '"p1 f"' not in write_phh(alive) and '"p3 f"' in write_phh(alive)  # p1 = Bea (small blind), p3 = Ann

"""Merge / Carbon XML reader: every real file, values checked by hand against the XML, broken input.

Expected values below were read off the files in ../shared/real_hh/merge by hand (FORMATS.md section 3),
not copied from the reader's output.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone

import pytest

from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Muck, Noise, Post, PostKind, Raise, Show,
)
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms.merge import read_merge_file, read_merge_text, sniff
from conftest import real_file

PL = "merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
HPL = "merge/cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
MULTI = "merge/cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
CANCELLED = "merge/cash__3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt"
ALL_IN = "merge/cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt"

# file -> (hands, their game, failure codes): counted by reading each file's <game> elements. Every game is
# read; the one hand cut out without its file's <description> has no limit or stakes anywhere: a failure.
NO_DESCRIPTION = "merge/cash__3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt"
EXPECTED = {
    PL: (1, "badugi", []),
    HPL: (1, "badugi", []),
    MULTI: (15, "27_triple_draw", []),
    NO_DESCRIPTION: (0, None, ["parse.missing_description"]),
    ALL_IN: (1, "27_triple_draw", []),
    CANCELLED: (1, "27_triple_draw", []),
    "merge/cash__3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt": (1, "27_triple_draw", []),
    "merge/cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt": (1, "a5_triple_draw", []),
}


def one_hand(relative: str) -> Hand:
    results = list(read_merge_file(real_file(relative)))
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


def as_badugi(text: str) -> str:
    """A real 2-7 file turned into Badugi (description and game type), to reach code paths the two real
    Badugi files do not have (ALL_IN, CHAT, SHOWN/MUCKED, GAME_CANCELLED)."""
    return (text.replace('type="2-7 Lowball"', 'type="Badugi"').replace('type="A-5 Lowball"', 'type="Badugi"')
            .replace('gametype="67"', 'gametype="71"').replace('gametype="63"', 'gametype="71"'))


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_every_game_in_every_real_file_is_read(relative: str) -> None:
    hands, game, failures = EXPECTED[relative]
    results = list(read_merge_file(real_file(relative)))
    assert [r.code for r in results if isinstance(r, ParseFailure)] == failures
    assert [r.game for r in results if isinstance(r, Hand)] == [game] * hands
    assert not [r for r in results if isinstance(r, Skipped)]
    assert all(r.room == "merge" for r in results if isinstance(r, (Hand, Skipped)))
    assert [r.cancelled for r in results if isinstance(r, Hand)] == [relative == CANCELLED] * hands


def test_pot_limit_hand_values() -> None:
    hand = one_hand(PL)
    assert (hand.room, hand.hand_id, hand.limit, hand.currency) == ("merge", "31274465-32", Limit.POT, "USD")
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (5, 10, None)
    assert hand.button == 3 and hand.hero == "Hero" and not hand.cancelled
    assert hand.table == "Kunming (31274465)"
    # starttime 20110129224038 at UTC-5; the first event's epoch timestamp is 2011-01-30 03:40:33 UTC.
    assert hand.start_time == datetime(2011, 1, 30, 3, 40, 38, tzinfo=timezone.utc)
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats] == [
        (0, "Player1", 743, True), (1, "Player2", 0, True), (3, "Player3", 532, False), (4, "Hero", 1000, False)]
    assert hand.source.line == 2 and hand.seats[0].line == 4
    posts = [(e.player, e.kind, e.amount, e.line) for e in hand.events if isinstance(e, Post)]
    assert posts == [("Player3", PostKind.SMALL_BLIND, 5, 10), ("Hero", PostKind.BIG_BLIND, 10, 11)]
    deal = next(e for e in hand.events if isinstance(e, Deal))
    assert (deal.player, deal.cards, deal.line) == ("Hero", parse_cards("Jh 3h 2s 3s"), 16)
    draws = [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, Draw)]
    assert draws == [("Hero", 1, 2), ("Player3", 1, 2), ("Hero", 2, 2), ("Player3", 2, 2),
                     ("Hero", 3, 2), ("Player3", 3, 1)]
    new_hands = [(e.draw, e.hand, e.line) for e in hand.events if isinstance(e, DrawDeal)]
    assert new_hands == [(1, parse_cards("Ah 3h 2s 6s"), 21), (2, parse_cards("Ah Qd 2s 9d"), 30),
                         (3, parse_cards("Ah 7d 2s Kc"), 39)]
    last_round = [e for e in hand.events if isinstance(e, (Check, Bet, Raise, Fold, Call)) and e.street == 3]
    assert last_round == [Check("Hero", 3, line=42), Bet("Player3", 3, 20, line=43),
                          Raise("Hero", 3, None, 60, line=44), Fold("Player3", 3, line=45)]
    assert Call("Player3", 0, 5, line=14) in hand.events
    assert [e for e in hand.events if isinstance(e, (Muck, Collect))] == [
        Muck("Hero", line=48), Collect("Hero", 97, "pot", line=49)]
    assert hand.claims.rake is None and hand.claims.total_pot is None


def test_half_pot_limit_hand_values() -> None:
    hand = one_hand(HPL)
    assert (hand.hand_id, hand.limit, hand.button, hand.hero) == ("33227759-34", Limit.HALF_POT, 3, "Hero")
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (None, None, 50)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(0, "Hero", 3000), (2, "Player2", 8053),
                                                                 (3, "Player3", 3236)]
    assert [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Post)] == [
        ("Player3", PostKind.ANTE, 50), ("Player2", PostKind.ANTE, 50), ("Hero", PostKind.ANTE, 50)]
    per_player = Counter()
    for event in hand.events:
        if isinstance(event, Draw):
            per_player[event.player] += event.count
    assert per_player == {"Hero": 3, "Player2": 3 + 2 + 2, "Player3": 2 + 1 + 1}
    money = [(type(e).__name__, e.player, getattr(e, "amount", None)) for e in hand.events
             if isinstance(e, (Bet, Call, Fold, Collect))]
    assert money == [("Bet", "Player3", 75), ("Fold", "Hero", None), ("Call", "Player2", 75),
                     ("Bet", "Player3", 150), ("Fold", "Player2", None), ("Collect", "Player3", 438)]
    assert hand.start_time == datetime(2011, 4, 12, 20, 0, 57, tzinfo=timezone.utc)


def test_all_in_raise_chat_and_showdown_elements() -> None:
    text = as_badugi(real_file(ALL_IN).read_text())
    [hand] = list(read_merge_text(text, "allin.xml"))
    assert isinstance(hand, Hand) and hand.limit is Limit.FIXED
    # Hero BET 10.00 then Villain ALL_IN 17.00 (everything left of $57: 10 + 30 went in before).
    assert Raise("Villain", 2, None, 1700, all_in=True, line=38) in hand.events
    assert Call("Hero", 2, 700, line=39) in hand.events
    shows = [(e.player, e.cards) for e in hand.events if isinstance(e, Show)]
    assert shows == [("Hero", parse_cards("7c 5h 4c 3c 2d")), ("Villain", parse_cards("8h 2s 4d 5s 3s"))]
    assert Collect("Hero", 11350, "pot", line=53) in hand.events


def test_chat_by_nickname_and_mucked_cards() -> None:
    results = list(read_merge_text(as_badugi(real_file(MULTI).read_text()), "multi.xml"))
    assert len(results) == 15 and all(isinstance(r, Hand) for r in results)
    chats = [e for r in results for e in r.events if isinstance(e, Noise)]
    assert len(chats) == 10 and chats[0] == Noise("chat", "Villain", "see the 3?", line=187)
    a5 = as_badugi(real_file("merge/cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt").read_text())
    [hand] = list(read_merge_text(a5))
    # MUCK event (line 51) and the MUCKED cards of the same seat (line 53) become one Muck with cards.
    assert [e for e in hand.events if isinstance(e, Muck)] == [Muck("Player3", parse_cards("Ac 8s 7c 3h 6d"), line=51)]


def test_cancelled_badugi_game_is_flagged_not_an_error() -> None:
    [hand] = list(read_merge_text(as_badugi(real_file(CANCELLED).read_text())))
    assert isinstance(hand, Hand) and hand.cancelled
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, Post)] == [("Villain", 5)]


# ---- broken input ------------------------------------------------------------------------------


def test_truncated_game_is_a_failure_and_the_other_games_survive() -> None:
    text = as_badugi(real_file(MULTI).read_text())
    lines = text.splitlines(keepends=True)
    cut = "".join(lines[:40])  # ends inside the second game (lines 23-43)
    results = list(read_merge_text(cut + "".join(lines[lines.index(next(l for l in lines[40:] if
                                                                         l.startswith("<game "))):])))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert len(failures) == 1 and failures[0].code == "parse.truncated" and failures[0].line == 23
    assert sum(isinstance(r, Hand) for r in results) == 14


def test_file_ending_inside_a_game() -> None:
    text = real_file(PL).read_text()
    results = list(read_merge_text(text[: len(text) // 2], "cut.xml"))
    assert len(results) == 1 and isinstance(results[0], ParseFailure)
    assert results[0].code == "parse.truncated" and results[0].line == 2 and results[0].hand_id == "31274465-32"


def test_malformed_xml_inside_a_game_points_at_its_line() -> None:
    lines = real_file(PL).read_text().splitlines(keepends=True)
    lines[20] = lines[20].replace("/>", ">")  # an unclosed <cards> element on line 21
    [failure] = list(read_merge_text("".join(lines)))
    assert isinstance(failure, ParseFailure) and failure.code == "parse.xml"
    assert 21 <= failure.line <= 22 and failure.raw.startswith("<game ")


@pytest.mark.parametrize("mutation, code", [
    (lambda t: t.replace('type="RAISE"', 'type="SHOVE"'), "parse.unknown_action"),
    (lambda t: t.replace('amount="0.97"', 'amount="zero"'), "parse.bad_amount"),
    (lambda t: t.replace('player="3" amount="0.20"', 'player="7" amount="0.20"'), "parse.unknown_player"),
    (lambda t: t.replace('cards="Ah,7d,2s,Kc"', 'cards="Ah,7x,2s,Kc"'), "parse.bad_cards"),
    (lambda t: t.replace('<round id="SECOND_DRAW"', '<round id="FOURTH_DRAW"'), "parse.unknown_round"),
    (lambda t: t.replace('stakes="Pot Limit ($0.05/$0.10)"', 'stakes="Spread"'), "parse.unexpected"),
])
def test_unreadable_values_are_failures_not_exceptions(mutation, code: str) -> None:
    results = list(read_merge_text(mutation(real_file(PL).read_text())))
    assert [r.code for r in results if isinstance(r, ParseFailure)] == [code]


def test_garbage_between_games_and_binary_noise() -> None:
    good = real_file(PL).read_text()
    results = list(read_merge_text(good + "this is not xml\r\n" + good))
    assert [type(r).__name__ for r in results] == ["Hand", "ParseFailure", "Hand"]
    assert results[1].line == 54
    assert all(isinstance(r, ParseFailure) for r in read_merge_text("<game id='x'>\x00\x01</gam"))


def test_badugi_without_description_is_a_failure() -> None:
    text = real_file(PL).read_text().split("\n", 1)[1]
    [result] = list(read_merge_text(text))
    assert isinstance(result, ParseFailure) and result.code == "parse.missing_description"


def test_sniff() -> None:
    assert sniff(real_file(PL).read_text()[:200])
    assert sniff('<game id="1-2" gametype="71">')
    assert not sniff("PokerStars Game #49164202872:  Badugi Limit")


@pytest.mark.parametrize("relative, net, rake", [
    # PL: Hero puts in 0.10 + 0.60 and collects 0.97 (which includes his own uncalled 0.40); Player3 0.30.
    (PL, {"Hero": 27, "Player3": -30}, 3),
    # HPL: antes 0.50 each; Player3 puts in 0.50 + 0.75 + 1.50 and collects 4.38; Player2 0.50 + 0.75.
    (HPL, {"Hero": -50, "Player2": -125, "Player3": 163}, 12),
])
def test_real_badugi_hands_replay_clean(relative: str, net: dict[str, int], rake: int) -> None:
    replay_module = pytest.importorskip("badugi.engine.replay")
    from badugi.parsers.phh import read_phh_text, write_phh

    hand = one_hand(relative)
    [again] = list(read_phh_text(write_phh(hand)))
    for version in (hand, again):
        result = replay_module.replay(version)
        assert not result.violations, result.violations
        assert dict(result.net) == net and result.rake == rake


def test_parse_hand_places_one_game_in_its_file() -> None:
    from badugi.parsers.rooms.merge import parse_hand, recognises

    lines = real_file(MULTI).read_text().splitlines(keepends=True)
    assert recognises(lines[0])
    # the description (line 1) then the second game (lines 23-43), placed at line 22 of the file
    result = parse_hand(as_badugi(lines[0] + "".join(lines[22:43])), "multi.xml", line=22, offset=999)
    assert isinstance(result, Hand) and result.hand_id == "33423082-2"
    assert (result.source.line, result.source.offset) == (23, 999 + len(as_badugi(lines[0]).encode()))
    assert result.seats[0].line == 25
    assert isinstance(parse_hand("garbage"), ParseFailure)


def _summary(result) -> tuple:
    where = (result.source.line, result.source.offset) if isinstance(result, Hand) else (result.line, result.offset)
    return type(result).__name__, result.hand_id, where


@pytest.mark.parametrize("relative", sorted(EXPECTED))
@pytest.mark.parametrize("cut_fraction", [0.0, 0.33, 0.71])
def test_split_games_matches_the_file_reader_across_windows(relative: str, cut_fraction: float) -> None:
    """The splitter an importer uses (resuming at any byte) gives exactly what reading the file gives."""
    from badugi.parsers.rooms.merge import parse_hand, split_games

    path = real_file(relative)
    data = path.read_bytes()
    expected = [_summary(r) for r in read_merge_file(path)]
    cut = int(len(data) * cut_fraction)
    first, end, line = split_games(data[:cut], final=False) if cut else ([], 0, 1)
    rest, end2, _line2 = split_games(data[end:], end, line, head=data[:4096])
    assert end2 == len(data)
    got = [_summary(parse_hand(g.text, str(path), g.first_line, g.offset)) for g in first + rest]
    assert got == expected


def test_split_games_returns_stray_text_and_unfinished_games() -> None:
    from badugi.parsers.rooms.merge import parse_hand, split_games

    good = real_file(PL).read_bytes()
    games, end, _ = split_games(good + b"junk\r\n" + good[: len(good) // 2])
    results = [parse_hand(g.text, "x", g.first_line, g.offset) for g in games]
    assert [type(r).__name__ for r in results] == ["Hand", "ParseFailure", "ParseFailure"]
    assert results[2].code == "parse.truncated" and end == len(good) * 2 + 6 - (len(good) - len(good) // 2)
    held, end, line = split_games(good + good[: len(good) // 2], final=False)
    assert len(held) == 1 and end == len(good) and line == good.count(b"\n") + 1


@pytest.mark.parametrize("relative", [PL, MULTI])
@pytest.mark.parametrize("resave", ["utf-8-bom", "utf-16-le-bom", "utf-16-le"])
def test_a_file_re_saved_with_a_bom_or_as_utf16_reads_the_same_games(relative: str, resave: str, tmp_path) -> None:
    """The client wrote UTF-8 without a BOM; a copy re-saved by an editor (Windows Notepad: UTF-8 with a BOM,
    or "Unicode", UTF-16LE) is the same XML. Its games read as the original's, at the same lines, and each
    game's byte offset is where its <game> element (or the <description> before it) starts in the re-saved
    file. Before, the BOM hid the <description> (the Badugi game became parse.missing_description) and a
    UTF-16 file gave one error per line."""
    from badugi.parsers.reader import read_bytes

    text = real_file(relative).read_bytes().decode("utf-8")
    codec, bom = {"utf-8-bom": ("utf-8", b"\xef\xbb\xbf"), "utf-16-le-bom": ("utf-16-le", b"\xff\xfe"),
                  "utf-16-le": ("utf-16-le", b"")}[resave]
    data = bom + text.encode(codec)
    original = list(read_merge_file(real_file(relative)))
    again = list(read_bytes(data, "resaved.txt"))
    assert [type(r) for r in again] == [type(r) for r in original] == [Hand] * len(original)
    assert [(h.hand_id, h.game, h.source.line, h.events, h.claims) for h in again] == [
        (h.hand_id, h.game, h.source.line, h.events, h.claims) for h in original]
    unit = 2 if codec == "utf-16-le" else 1
    lines = text.splitlines(keepends=True)
    starts = {len(bom) + len("".join(lines[:n]).encode(codec)) for n in range(len(lines) + 1)}
    for hand in again:  # the offset is the file's: the game's line starts there
        assert hand.source.offset in starts and hand.source.offset % unit == len(bom) % unit
        assert data[hand.source.offset:].decode(codec).lstrip().startswith("<game")


@pytest.mark.parametrize("resave", ["utf-8", "utf-8-bom", "utf-16-le-bom", "utf-16-le"])
def test_a_window_cut_anywhere_gives_the_same_games(resave: str) -> None:
    """Windows of an importer end anywhere, inside a line or (UTF-16) inside a character: the line the window
    cut is read whole by the next window, never as stray text. Every 11th byte of the 15-game file as the
    cut, in each encoding: the same 15 games, and the second window ends at the file's end. (Before, a
    cut inside a line between games, e.g. in '<ga', made that piece a failure.)"""
    from badugi.parsers.rooms.merge import parse_hand, split_games

    text = real_file(MULTI).read_bytes().decode("utf-8")
    data = {"utf-8": text.encode(), "utf-8-bom": b"\xef\xbb\xbf" + text.encode(),
            "utf-16-le-bom": b"\xff\xfe" + text.encode("utf-16-le"), "utf-16-le": text.encode("utf-16-le")}[resave]
    expected = [_summary(parse_hand(g.text, "x", g.first_line, g.offset)) for g in split_games(data, head=data)[0]]
    assert len(expected) == 15 and all(kind == "Hand" for kind, _, _ in expected)
    for cut in range(1, len(data), 11):
        first, end, line = split_games(data[:cut], final=False, head=data[:4096])
        rest, end2, _ = split_games(data[end:], end, line, head=data[:4096])
        assert end2 == len(data)
        assert [_summary(parse_hand(g.text, "x", g.first_line, g.offset)) for g in first + rest] == expected, cut

"""Table-noise lines FORMATS.md documents (sections 1-3) that the real Badugi files here do not all hold:
each is put into a real hand after an action and must read as noise, leaving the hand's other events and
its replay's violations as they were. A line the rooms never wrote stays an error (the last cases)."""

from __future__ import annotations

import re

import pytest

from badugi.engine.record import Hand, Noise
from badugi.engine.replay import replay
from badugi.parsers.reader import read_bytes
from badugi.parsers.results import ParseFailure
from badugi.parsers.rooms.merge import read_merge_text
from conftest import REAL_HH

PS = REAL_HH / "pokerstars" / "cash__Badugi-USD-0.25-0.50-201009.txt"
FT = REAL_HH / "fulltilt" / "cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"
MERGE = REAL_HH / "merge" / "cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt"


def first_hand_with(path, after: str, lines: list[str]) -> tuple[Hand, object]:
    """The file's first hand as read, and as read with ``lines`` put after its first line matching ``after``."""
    if not path.exists():
        pytest.skip(f"not available: {path}")
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    found = re.compile(after, re.M).search(text)
    at = text.index("\n", found.start()) + 1
    changed = text[:at] + "".join(line + "\n" for line in lines) + text[at:]
    before = next(r for r in read_bytes(text.encode(), "f.txt") if isinstance(r, Hand))
    after_read = next(r for r in read_bytes(changed.encode(), "f.txt") if getattr(r, "hand_id", None) == before.hand_id)
    return before, after_read


def assert_noise_only(before: Hand, after: object, added: int) -> None:
    assert isinstance(after, Hand), getattr(after, "message", after)
    assert _same_but_lines(before, after)
    assert sum(isinstance(e, Noise) for e in after.events) == sum(isinstance(e, Noise) for e in before.events) + added
    assert sorted(v.code for v in replay(after).violations) == sorted(v.code for v in replay(before).violations)


def _same_but_lines(before: Hand, after: Hand) -> bool:
    """The events are the same apart from their line numbers (the lines put in move the ones after)."""
    def kinds(hand: Hand) -> list:
        return [(type(e).__name__, getattr(e, "player", None)) for e in hand.events if not isinstance(e, Noise)]
    return kinds(before) == kinds(after)


@pytest.mark.parametrize("line", [
    # FORMATS.md 1 "Table events, timeouts, chat" and "Pre-deal noise"
    "jodarin has timed out", "jodarin has timed out while disconnected", "jodarin is sitting out",
    "jodarin has returned", "jodarin is connected ", "Kula91 leaves the table",
    "oooDestroyoo joins the table at seat #3 ", "cuchiku: sits out ",
    "oooDestroyoo will be allowed to play after the button",
    # chat is free text: colons, quotes, brackets, a section marker and non-ASCII inside it
    'jodarin said, "nh! a: b "q" [As Kd] *** SUMMARY *** ünï ☺"', 'jodarin said, ""',
])
def test_pokerstars_noise(line: str) -> None:
    before, after = first_hand_with(PS, r"^\S+: folds", [line])
    assert_noise_only(before, after, 1)


@pytest.mark.parametrize("line", [
    # FORMATS.md 2 "Betting verbs" (timers) and "Table noise / chat" (chat has no quotes)
    "Player0 has 20 seconds left to act", "Player0 has timed out", "Player6 is sitting out", "Player6 stands up",
    "paulmeoff sits down", "Player6 adds $1", "Player2 has been disconnected", "Player2 has reconnected",
    "Player5 has returned", "allie3911 is feeling happy", "Player6: im running badd this week",
    "Hero: allie, grim: we have one more table running", "Player1: raises to $1",  # (chat that reads like a verb)
])
def test_fulltilt_noise(line: str) -> None:
    before, after = first_hand_with(FT, r"^\S+ folds", [line])
    assert_noise_only(before, after, 1)


@pytest.mark.parametrize("path, after, line", [
    (PS, r"^\S+: folds", "jodarin: dances"),
    (FT, r"^\S+ folds", "Player0 seconds left"),
])
def test_a_line_no_room_writes_is_still_an_error_naming_its_line(path, after: str, line: str) -> None:
    before, result = first_hand_with(path, after, [line])
    assert isinstance(result, ParseFailure) and result.code == "parse.unknown_line", result
    assert f"(hand #{before.hand_id}): cannot read {line!r}" in result.message


@pytest.mark.parametrize("event", [
    # FORMATS.md 3 "Events" and the reader's table events with no chips; CHAT names a nickname
    '<event sequence="4" type="CHAT" timestamp="1" player="Hero" text="gl &amp; &quot;hf&quot; &lt;3 ☺ a: b"/>',
    '<event sequence="4" type="CHAT" timestamp="1" player="Someone Else" text=""/>',
    '<event sequence="4" type="DISCONNECTED" timestamp="1" player="3"/>',
    '<event sequence="4" type="RECONNECTED" timestamp="1" player="3"/>',
    '<event sequence="4" type="SIT_OUT" timestamp="1" player="3"/>',
    '<event sequence="4" type="LEAVE" timestamp="1" player="3"/>',
    '<event sequence="4" type="PLAYER_OUT" timestamp="1" player="3"/>',
])
def test_merge_noise(event: str) -> None:
    if not MERGE.exists():
        pytest.skip(f"not available: {MERGE}")
    lines = MERGE.read_text().split("\n")
    at = next(i for i, line in enumerate(lines) if 'type="CHECK"' in line) + 1
    (before,) = read_merge_text("\n".join(lines), "m.xml")
    (after,) = read_merge_text("\n".join([*lines[:at], "\t\t" + event, *lines[at:]]), "m.xml")
    assert_noise_only(before, after, 1)


TOUR = REAL_HH / "pokerstars" / "tour__LBad-USD-MTT8-201011.txt"


@pytest.mark.parametrize("buy_in", ["$25+$25+$5 USD", "$2.00+$0.20+$0.50 USD", "Freeroll"])
def test_pokerstars_tournament_buy_in_clauses(buy_in: str) -> None:
    """FORMATS.md 1 "Header": the EDITED 2026 bounty form (``$25+$25+$5 USD``) put in the real tournament
    file's first header, and a freeroll: the hand reads, the buy-in kept as written."""
    if not TOUR.exists():
        pytest.skip(f"not available: {TOUR}")
    text = TOUR.read_bytes().decode("utf-8-sig")
    assert "Tournament #329147852, $2.00+$0.20 USD Badugi Limit" in text
    text = text.replace("$2.00+$0.20 USD Badugi Limit", f"{buy_in} Badugi Limit", 1)
    hand = next(iter(read_bytes(text.encode(), "t.txt")))
    assert isinstance(hand, Hand) and hand.tournament.buy_in == buy_in, hand


@pytest.mark.parametrize("line", ["Player5 finished the tournament in 3rd place and received $1.60.",
                                  "Player0 finished the tournament in 26th place"])
def test_pokerstars_finishing_lines(line: str) -> None:
    """FORMATS.md 1 "Tournament": the finishing line with a prize (not in the real file) reads as noise."""
    before, after = first_hand_with(TOUR, r"^\S+: folds", [line])
    assert_noise_only(before, after, 1)

"""Merge/Carbon XML with what a client leaves unknown: hidden cards (``null``) and a seat the game's
``<players>`` does not list.

- ``cards="null,Ac,..."``: the client hides a card. The record holds a player's cards whole or not at all
  (the text rooms' ``[X X X X]`` -> ``None``; PHH's ``????`` shown -> a ``Show`` with no cards), so the hand
  is read with those cards unknown, never a ``parse.bad_cards`` failure; a card that is neither a card nor
  ``null`` still is one.
- A seat not among ``<players>`` (real files of other games: an unlisted seat posts the big blind and
  folds) has no nickname and no stack in the file: a failure that names the seat, the element, the
  listed seats, the file, the line and the hand, never a vague one."""

from __future__ import annotations

from badugi.engine.record import Deal, DrawDeal, Hand, Show
from badugi.engine.replay import replay
from badugi.parsers.results import ParseFailure
from badugi.parsers.rooms.merge import read_merge_lines, read_merge_text
from conftest import real_file

PL = "merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
SHOWDOWN = "merge/cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt"


def only(text: str) -> Hand | ParseFailure:
    (result,) = read_merge_text(text, "pl.xml")
    return result


def test_a_hole_card_hidden_reads_the_deal_as_unknown() -> None:
    text = real_file(PL).read_text()
    assert text.count('cards="Jh,3h,2s,3s"') == 1
    hand = only(text.replace('cards="Jh,3h,2s,3s"', 'cards="null,3h,2s,3s"'))
    assert isinstance(hand, Hand)
    (deal,) = [e for e in hand.events if isinstance(e, Deal)]
    assert (deal.player, deal.cards) == ("Hero", None) and hand.hero == "Hero"
    whole = only(text)
    assert isinstance(whole, Hand)
    # everything else as in the hand with the card shown: the same claims, the same draws after
    assert [e for e in hand.events if not isinstance(e, Deal)] == [e for e in whole.events if not isinstance(e, Deal)]
    replay(hand)  # a hand with a hidden card replays (no exception)


def test_a_hidden_card_in_a_draws_new_hand_reads_that_hand_as_unknown() -> None:
    text = real_file(PL).read_text().replace('cards="Ah,7d,2s,Kc"', 'cards="Ah,NULL,2s,Kc"')
    hand = only(text)
    assert isinstance(hand, Hand)
    deals = [e for e in hand.events if isinstance(e, DrawDeal)]
    assert [d.hand is None for d in deals] == [False, False, True] and deals[-1].draw == 3


def test_a_shown_hand_with_hidden_cards_is_a_show_with_no_cards() -> None:
    """Shown with cards hidden: the player is still in the pot (``Show``), the cards unknown (``()``)."""
    text = real_file(SHOWDOWN).read_text()
    shown = 'type="SHOWN" cards="7c,5h,4c,3c,2d"'
    assert text.count(shown) == 1
    hand = only(text.replace(shown, 'type="SHOWN" cards="null,null,4c,3c,2d"'))
    assert isinstance(hand, Hand)
    shows = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert len(shows) == 2 and () in shows.values()


def test_a_bad_card_beside_a_hidden_one_is_still_bad() -> None:
    failure = only(real_file(PL).read_text().replace('cards="Jh,3h,2s,3s"', 'cards="null,3x,2s,3s"'))
    assert isinstance(failure, ParseFailure) and failure.code == "parse.bad_cards" and failure.line == 16
    assert "3x" in failure.message and "null" not in failure.message


def test_an_unlisted_seat_is_a_failure_naming_the_seat_the_listed_ones_and_the_hand() -> None:
    """Seat 7 is not among the listed seats 0, 1, 3 and 4 (the real game's ``<players>``)."""
    text = real_file(PL).read_text()
    assert text.count('player="3" amount="0.20"') == 1
    failure = only(text.replace('player="3" amount="0.20"', 'player="7" amount="0.20"'))
    assert isinstance(failure, ParseFailure) and failure.code == "parse.unknown_player"
    assert failure.line == 43 and failure.hand_id == "31274465-32"
    assert failure.expected == ("seat 0", "seat 1", "seat 3", "seat 4")
    assert failure.message.startswith("pl.xml:43 (hand #31274465-32): ")
    assert '<event type="BET"> names seat 7, which is not among this game\'s <players>' in failure.message


def test_malformed_xml_and_a_cut_game_name_file_line_and_hand() -> None:
    """Every Merge failure's message starts ``file:line (hand #id):`` like the other rooms' (the XML
    parser's own failure and a game the file ends inside included)."""
    text = real_file(PL).read_text()
    lines = text.split("\n")
    assert lines[1].startswith('<game id="31274465-32"') and lines[3].startswith("\t\t<player seat=")
    lines[3] = lines[3].replace('seat="0"', 'seat="0" seat="1"')  # an attribute twice: not well-formed
    bad = only("\n".join(lines))
    assert isinstance(bad, ParseFailure) and bad.code == "parse.xml" and bad.line == 4
    assert bad.message.startswith("pl.xml:4 (hand #31274465-32): malformed XML: "), bad.message
    cut = only(text.split("</game>")[0])
    assert isinstance(cut, ParseFailure) and cut.code == "parse.truncated" and cut.line == 2
    assert cut.message == "pl.xml:2 (hand #31274465-32): incomplete <game> element: the file ends before </game>"


def test_text_outside_games_a_bad_description_and_bad_bytes_name_file_and_line() -> None:
    """The failures outside any game start ``file:line:`` too (found by the mutation fuzzer: they said only
    ``text outside any <game> element``, ``unreadable <description>: ...`` and ``not UTF-8 text: ...``)."""
    text = real_file(PL).read_text()
    lines = text.split("\n")
    assert lines[0].startswith("<description ") and lines[1].startswith("<game ")
    stray = read_merge_text("\n".join([lines[0], "stray words", *lines[1:]]), "pl.xml")
    assert [r.message for r in stray if isinstance(r, ParseFailure)] == [
        "pl.xml:2: text outside any <game> element"]
    broken = read_merge_text("\n".join(['<description type="Badugi" stakes="Pot Limit', *lines[1:]]), "pl.xml")
    (failure,) = [r for r in broken if isinstance(r, ParseFailure) and r.line == 1]
    assert failure.message.startswith("pl.xml:1: unreadable <description>: "), failure.message
    data = "\n".join(lines).encode()
    results = list(read_merge_lines([b"\xff\xfe junk\n", *data.splitlines(keepends=True)], "pl.xml"))
    assert results[0].code == "parse.decode" and results[0].message.startswith("pl.xml:1: not UTF-8 text: ")

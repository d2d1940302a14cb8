"""PokerStars lines -> typed values (``rooms/pokerstars_lines.py``): each kind of line, read from a token as
the grammar hands it over. Expected values are read off the line texts by hand (FORMATS.md section 1:
amounts in hundredths of the displayed unit, cards as written)."""

from __future__ import annotations

from lark import Token

from badugi.engine.cards import parse_cards
from badugi.engine.record import PostKind
from badugi.parsers.rooms.pokerstars_lines import LINE_READERS, read_summary_seats, read_token
from badugi.parsers.rooms.pokerstars_values import (
    BetLine, CallLine, CancelledLine, CapLine, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine, MuckLine,
    NoiseLine, OtherLine, PostLine, RaiseLine, ShowLine, StandPatLine, SummarySeatLine, UncalledLine,
)


def read(kind: str, *lines: str) -> list:
    """The values of a token of ``kind`` holding ``lines`` (at body line 7)."""
    at, values = read_token(Token(kind, "".join(line + "\n" for line in lines), line=7))
    assert at == 7
    return values


def test_every_verb_of_an_action_block() -> None:
    assert read("ACTS",
                "Lino19: posts small blind $0.10",
                "kdog1: posts small & big blinds $0.35 ",
                "Hero: posts the ante 20 and is all-in",
                "Lino19: folds ",
                "kdog1: checks ",
                "Hero: calls $0.15 and is all-in",
                "Lino19: bets $1,000.50",
                "kdog1: raises $0.25 to $0.50",
                "Hero: discards 2 cards [8h 6s]",
                "Lino19: discards 1 card",
                "kdog1: stands pat ",
                "Hero: stands pat on [2d 3s 4h 6s]",
                "Lino19: shows [8c 5d 7s Th] (Badugi: T,8,7,5)",
                "kdog1: mucks hand ",
                "Hero: doesn't show hand ",
                "cuchiku: sits out ") == [
        PostLine("Lino19", PostKind.SMALL_BLIND, 10, False),
        PostLine("kdog1", PostKind.BOTH, 35, False),
        PostLine("Hero", PostKind.ANTE, 2000, True),
        FoldLine("Lino19"),
        CheckLine("kdog1"),
        CallLine("Hero", 15, True),
        BetLine("Lino19", 100050, False),
        RaiseLine("kdog1", 25, 50, False),
        DiscardLine("Hero", 2, parse_cards("8h 6s")),
        DiscardLine("Lino19", 1, None),
        StandPatLine("kdog1", None),
        StandPatLine("Hero", parse_cards("2d 3s 4h 6s")),
        ShowLine("Lino19", parse_cards("8c 5d 7s Th"), "Badugi: T,8,7,5"),
        MuckLine("kdog1"),
        MuckLine("Hero"),
        NoiseLine("sit_out", "cuchiku", "cuchiku: sits out"),
    ]


def test_a_name_ends_at_the_first_colon_after_which_a_verb_reads_the_rest() -> None:
    # "a: calls" is no call (no amount), so the name runs on to the next ": "
    assert read("ACTS", "a: calls: folds", "b: folds: raises $1 to $2") == [
        FoldLine("a: calls"), RaiseLine("b: folds", 100, 200, False)]


def test_a_run_reads_each_line_by_its_kind_an_action_first() -> None:
    # a RUN token (the one-parse reading): actions, deal, uncalled, collect, cap lines and table noise in any
    # order. A line that is an action and a deal line too is an action, as the lexer of ``body`` tries ACTS first.
    assert read("RUN",
                "Dealt to Hero [As 2c 3d 4h]",
                "Bob: raises $0.25 to $0.50 ",
                "Betting is capped",
                "Bob is connected ",
                'Ann said, "x: folds"',
                "Dealt to x: shows [As 2c]",
                "a: calls: folds",
                "Uncalled bet ($0.25) returned to Bob",
                "Bob collected $0.50 from pot ",
                "Hero: discards 1 card [4h]",
                "Dealt to Hero [As 2c 3d] [Kd]") == [
        DealtLine("Hero", parse_cards("As 2c 3d 4h"), None),
        RaiseLine("Bob", 25, 50, False),
        CapLine(),
        NoiseLine("connect", "Bob", "Bob is connected"),
        NoiseLine("chat", "Ann", 'Ann said, "x: folds"'),
        ShowLine("Dealt to x", parse_cards("As 2c"), None),
        FoldLine("a: calls"),
        UncalledLine("Bob", 25),
        CollectLine("Bob", 50, "pot"),
        DiscardLine("Hero", 1, parse_cards("4h")),
        DealtLine("Hero", parse_cards("As 2c 3d"), parse_cards("Kd")),
    ]


def test_table_noise_starting_a_run_is_a_token_of_its_own() -> None:
    assert read("RUN_NOISE", "Bob has timed out while disconnected") == [
        NoiseLine("timeout", "Bob", "Bob has timed out while disconnected")]


def test_lines_that_are_tokens_of_their_own() -> None:
    assert read("DEALT", "Dealt to s0rrow [As 3h] [5h Ks]") == [
        DealtLine("s0rrow", parse_cards("As 3h"), parse_cards("5h Ks"))]
    assert read("DEALT", "Dealt to Zoë [42] [As 2c 3d 4h]") == [
        DealtLine("Zoë [42]", parse_cards("As 2c 3d 4h"), None)]
    assert read("UNCALLED", "Uncalled bet ($0.25) returned to Lino19") == [UncalledLine("Lino19", 25)]
    assert read("COLLECT", "buddyboy3399 collected 2,500 from side pot-2 ") == [
        CollectLine("buddyboy3399", 250000, "side-2")]
    assert read("COLLECT", "x collected $2.55 from main pot") == [CollectLine("x", 255, "main")]
    assert read("CAP", "Betting is capped") == [CapLine()]
    assert read("CANCELLED", "Hand cancelled") == [CancelledLine()]
    assert read("CHAT", 'Player9 said, "nh: folds"') == [NoiseLine("chat", "Player9", 'Player9 said, "nh: folds"')]
    assert read("REBUY", "Hero re-buys and receives 1500 chips for $5.00") == [
        NoiseLine("rebuy", "Hero", "Hero re-buys and receives 1500 chips for $5.00")]
    assert read("REBUY", "Hero takes the add-on and receives 3000 chips for $5.00")[0].name == "Hero"
    assert read("RESHUFFLED", "The deck is reshuffled") == [NoiseLine("reshuffle", None, "The deck is reshuffled")]
    assert read("OTHER", "Hero has 15 seconds left to act") == [OtherLine("Hero has 15 seconds left to act")]
    assert {"DEALT", "UNCALLED", "COLLECT", "CAP", "CANCELLED", "OTHER"} <= set(LINE_READERS)


def test_summary_seat_lines() -> None:
    text = ("Seat 2: s0rrow (big blind) folded after the 1st Draw\n"
            "Seat 3: Scorpio2000 (button) showed [8c 5d 7s Th] and lost with a Badugi: T,8,7,5\n"
            "Seat 4: buddyboy3399 (small blind) showed [8s 3d Ac 4h] and won ($5.45) with a Badugi: 8,4,3,A\n"
            "Seat 5: jodarin mucked [Ad Td Qc 2s]\n"
            "Seat 6: JDANIELDC (button) (small blind) collected ($0.95)\n"
            "Seat 7: a folded before the Draw (didn't bet)\n")
    at, values = read_summary_seats(Token("SUMMARY_SEATS", text, line=40))
    assert at == 40
    assert values == [
        SummarySeatLine(2, "s0rrow", "folded", "big blind", 1, None, None, None),
        SummarySeatLine(3, "Scorpio2000", "showed", "button", None, None, parse_cards("8c 5d 7s Th"), "Badugi: T,8,7,5"),
        SummarySeatLine(4, "buddyboy3399", "showed", "small blind", None, 545, parse_cards("8s 3d Ac 4h"),
                        "Badugi: 8,4,3,A"),
        SummarySeatLine(5, "jodarin", "mucked", None, None, None, parse_cards("Ad Td Qc 2s"), None),
        SummarySeatLine(6, "JDANIELDC", "collected", "small blind", None, 95, None, None),
        SummarySeatLine(7, "a", "folded", None, 0, None, None, None),
    ]


def test_a_summary_seat_line_is_the_first_kind_whose_whole_shape_it_has() -> None:
    """Names holding another result's words: the kinds are tried in the grammar's order (folded, showed,
    mucked, collected), each on the whole line, so the words inside a name never decide the kind."""
    text = ("Seat 1: a folded b showed [As 2c 3d 4h] and lost\n"
            "Seat 2: c collected (5) mucked [Kd]\n"
            "Seat 3: d showed [2s] and won (1) (small blind) (button) folded before the Draw\n")
    values = read_summary_seats(Token("SUMMARY_SEATS", text, line=3))[1]
    assert values == [
        SummarySeatLine(1, "a folded b", "showed", None, None, None, parse_cards("As 2c 3d 4h"), None),
        SummarySeatLine(2, "c collected (5)", "mucked", None, None, None, parse_cards("Kd"), None),
        SummarySeatLine(3, "d showed [2s] and won (1)", "folded", "small blind", 0, None, None, None),
    ]


def test_line_values_are_frozen_and_compare_by_kind_then_fields() -> None:
    """A value is shared by every line of the same text (memoised): it cannot be changed. Kinds with the same
    fields (a fold and a check, a call and a bet) never compare equal; the same kind and fields do, with the
    same hash. The same in both twins (compiled: extension types; pure Python: slotted dataclasses)."""
    import dataclasses

    import pytest

    fold = FoldLine("Lino19")
    assert fold == FoldLine("Lino19") and hash(fold) == hash(FoldLine("Lino19"))
    assert fold != CheckLine("Lino19") and fold != MuckLine("Lino19") and fold != FoldLine("kdog1")
    assert CallLine("Hero", 15, False) != BetLine("Hero", 15, False)
    assert CallLine(name="Hero", amount=15, all_in=True) == CallLine("Hero", 15, True)
    assert repr(RaiseLine("kdog1", 25, 50, False)) == "RaiseLine(name='kdog1', by=25, to=50, all_in=False)"
    assert [f.name for f in dataclasses.fields(SummarySeatLine)] == [
        "seat", "name", "result", "position", "folded_street", "won", "cards", "label"]
    assert CapLine() == CapLine() and CancelledLine() != CapLine()
    with pytest.raises(AttributeError):  # pure Python: dataclasses.FrozenInstanceError, an AttributeError
        fold.name = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        PostLine("Hero", PostKind.ANTE, 20, True).amount = 0  # type: ignore[misc]
    assert not hasattr(PostLine("Hero", PostKind.ANTE, 20, True), "__dict__")  # slotted in both twins

"""Full Tilt's draw markers restate the pot and who is left (``*** FIRST DRAW *** (Pot: $4.50)``, 2012-13
``(Total Pot: $0.45, 2 Players)``, ``(Total Pot: 130, 2 Players, 1 All-In)``): read as claims, judged by the
replay. Expected values from the lines' own words and the rules (Ann raises to $2 over the $0.50/$1 blinds,
Cy calls: $2 + $0.50 + $2 = $4.50 with two players left, none all in)."""

from __future__ import annotations

from test_fulltilt_rare_lines import BODY, HEADER, hand_of

from badugi.engine.record import DrawPot
from badugi.engine.replay import replay


def with_note(note: str) -> str:
    return HEADER + "\n" + BODY.replace("*** FIRST DRAW *** (Pot: $4.50)", "*** FIRST DRAW *** " + note)


def test_the_notes_are_read_as_claims() -> None:
    line = 1 + BODY.split("\n").index("*** FIRST DRAW *** (Pot: $4.50)") + 1
    assert hand_of(with_note("(Pot: $4.50)")).claims.draw_pots == (DrawPot(1, 450, None, None, line),)
    assert hand_of(with_note("(Total Pot: $4.50, 2 Players)")).claims.draw_pots == (DrawPot(1, 450, 2, None, line),)
    assert (hand_of(with_note("(Total Pot: $4.50, 2 Players, 0 All-In)")).claims.draw_pots
            == (DrawPot(1, 450, 2, 0, line),))


def test_true_notes_replay_clean() -> None:
    for note in ("(Pot: $4.50)", "(Total Pot: $4.50, 2 Players)", "(Total Pot: $4.50, 2 Players, 0 All-In)"):
        assert replay(hand_of(with_note(note))).codes == (), note


def test_a_wrong_pot_or_count_is_flagged_on_the_marker() -> None:
    hand = hand_of(with_note("(Total Pot: $4.40, 2 Players)"))
    found = [(v.code, v.line, v.expected, v.found) for v in replay(hand).violations]
    marker = hand.claims.draw_pots[0].line
    assert found == [("pot.total_mismatch", marker, "450 in the pot at draw 1", "440")]
    three = [(v.code, v.line) for v in replay(hand_of(with_note("(Total Pot: $4.50, 3 Players)"))).violations]
    assert three == [("draw.players_mismatch", marker)]
    one_all_in = hand_of(with_note("(Total Pot: $4.50, 2 Players, 1 All-In)"))
    all_in = [(v.code, v.found) for v in replay(one_all_in).violations]
    assert all_in == [("draw.players_mismatch", "1")]


def test_a_note_of_another_shape_is_no_claim() -> None:
    hand = hand_of(with_note("(Pot: about $4.50)"))
    assert hand.claims.draw_pots == () and replay(hand).codes == ()

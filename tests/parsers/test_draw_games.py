"""The draw-game family read by every room that writes it: 2-7 and A-5 Triple Draw, 2-7 Single Draw,
Badacey and Badeucey in ../shared/real_hh and ../shared/real_hh_corpus, handed on by the reader
(``badugi.engine.games.REPLAYED``: the engine replays every one of them).

The counts below were counted from the files' headers (``grep``), per folder, room and game; hand-checked
records of one hand per room and game are in ``test_draw_hands_checked.py``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from badugi.engine import games
from badugi.engine.games import get_game
from badugi.engine.lowball_labels import parse_label
from badugi.engine.record import Deal, Draw, DrawDeal, Hand, Show
from badugi.parsers.phh import read_phh_text
from badugi.parsers.phh_writer import PhhWriteError, write_phh
from badugi.parsers.reader import read_file, read_paths
from badugi.parsers.results import ParseFailure, Skipped
from conftest import REAL_HH
from test_phh import projection

CORPUS = REAL_HH.parent / "real_hh_corpus"
pytestmark = pytest.mark.skipif(not CORPUS.exists() or not REAL_HH.exists(), reason="real corpus not available")

DRAW_GAMES = set(games.GAMES) - {"badugi"}

EXPECTED: dict[str, dict[tuple[str, str], int]] = {
    # ../shared/real_hh: Full Tilt 10 cash files (one hand each, the partial and the dead hand among them)
    # and the 54-hand heads-up tournament; KingsClub one hand a file; Merge 15 + 1 + 1 + 1 2-7 hands (one
    # more is cut out without its <description>: below), PokerStars 17 + 1 + 1 + 1 + 18 (Home Game 8-Game).
    "real_hh": {
        ("fulltilt", "27_triple_draw"): 62, ("fulltilt", "a5_triple_draw"): 1,
        ("kingsclub", "27_triple_draw"): 2, ("kingsclub", "a5_triple_draw"): 1,
        ("kingsclub", "badacey"): 1, ("kingsclub", "badeucey"): 1,
        ("merge", "27_triple_draw"): 18, ("merge", "a5_triple_draw"): 1,
        ("pokerstars", "27_triple_draw"): 38,
        ("winamax", "27_triple_draw"): 1,
    },
    # ../shared/real_hh_corpus: the same Full Tilt, Merge and Winamax draw files again (named Draw_...), two
    # Full Tilt No Limit 2-7 Single Draw hands, four PokerStars single-draw hands and 1 + 1 + 18 Triple Draw.
    "real_hh_corpus": {
        ("fulltilt", "27_single_draw"): 2, ("fulltilt", "27_triple_draw"): 62, ("fulltilt", "a5_triple_draw"): 1,
        ("merge", "27_triple_draw"): 18, ("merge", "a5_triple_draw"): 1,
        ("pokerstars", "27_single_draw"): 4, ("pokerstars", "27_triple_draw"): 20,
        ("winamax", "27_triple_draw"): 1,
    },
}
NO_DESCRIPTION = "merge/cash__3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt"
"""Hand 33423082-14 cut out of the Multi.hand.sample file without the file's <description>: its limit
and stakes are written nowhere, so it stays ``parse.missing_description`` (the same hand reads from the
Multi.hand file and from the corpus copy, which kept its description)."""

CLIENT_BUG = "81631597149"
"""PokerStars' 'duplicate.holecards' hand: ``Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]`` after
``discards 2 cards []``, kept as written (ten cards; the replay judges it)."""


@pytest.fixture(scope="module")
def results() -> dict[str, list]:
    """Every result of both folders with the gate open, by folder name."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(games, "REPLAYED", frozenset(games.GAMES))
        return {folder.name: list(read_paths([folder])) for folder in (REAL_HH, CORPUS)}


def draw_hands(results: dict[str, list]) -> list[Hand]:
    return [r for found in results.values() for r in found if isinstance(r, Hand) and r.game in DRAW_GAMES]


def test_the_gate_is_open_for_every_game() -> None:
    """The engine replays every game of the registry, so the reader hands on every one of them."""
    assert games.REPLAYED == frozenset(games.GAMES)
    assert all(games.is_replayed(game) for game in games.GAMES)
    [result] = list(read_file(REAL_HH / "kingsclub" / "cash__Badacey-Limit-USD-22-44-202101.txt"))
    assert isinstance(result, Hand) and result.game == "badacey"


def test_the_gate_opens_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate is per game: a game the engine did not replay would be skipped with the room's name for it."""
    monkeypatch.setattr(games, "REPLAYED", frozenset({"badugi", "badacey"}))
    [badacey] = list(read_file(REAL_HH / "kingsclub" / "cash__Badacey-Limit-USD-22-44-202101.txt"))
    [badeucey] = list(read_file(REAL_HH / "kingsclub" / "cash__Badeucey-Limit-USD-22-44-202101.txt"))
    assert isinstance(badacey, Hand) and badacey.game == "badacey"
    assert isinstance(badeucey, Skipped) and badeucey.reason == "unsupported game: Limit Badeucey"


def test_counts_per_room_and_game(results: dict[str, list]) -> None:
    for folder, found in results.items():
        counts = Counter((r.room, r.game) for r in found if isinstance(r, Hand) and r.game in DRAW_GAMES)
        assert dict(counts) == EXPECTED[folder], folder
    failures = [r for found in results.values() for r in found if isinstance(r, ParseFailure)]
    assert [(f.code, f.hand_id, Path(f.file).relative_to(REAL_HH).as_posix()) for f in failures] == [
        ("parse.missing_description", "33423082-14", NO_DESCRIPTION)]
    # 5 Card Draw stays another game
    skipped = Counter(r.reason for found in results.values() for r in found if isinstance(r, Skipped))
    assert skipped["unsupported game: 5 Card Draw Limit"] == 35 and skipped["unsupported game: 5-Draw"] == 1
    assert not [reason for reason in skipped if any(word in reason for word in ("2-7", "A-5", "Bad", "Lowball"))]


def test_every_record_holds_its_games_cards(results: dict[str, list]) -> None:
    """Deals, draws, replacement cards and shows fit the game: five cards dealt, at most five thrown,
    the hero's cards after a draw five again, a known draw only in a draw the game has."""
    hands = draw_hands(results)
    assert len(hands) == sum(sum(counts.values()) for counts in EXPECTED.values())
    for hand in hands:
        game = get_game(hand.game)
        assert game.hand_size == 5
        for event in hand.events:
            if isinstance(event, Deal) and event.cards is not None:
                assert len(event.cards) == 5, (hand.hand_id, event)
            elif isinstance(event, Draw):
                assert 1 <= event.draw <= game.draws and 0 <= event.count <= 5, (hand.hand_id, event)
                # (PokerStars' client bug "discards 2 cards []" is kept as written: no cards named)
                assert event.discards in (None, ()) or len(event.discards) == event.count
            elif isinstance(event, DrawDeal):
                assert 1 <= event.draw <= game.draws, (hand.hand_id, event)
                if hand.hand_id == CLIENT_BUG:
                    continue
                whole = event.hand or ((event.kept or ()) + (event.new or ()) if event.kept is not None else None)
                assert whole is None or len(whole) == 5, (hand.hand_id, event)
            elif isinstance(event, Show) and event.cards:
                assert len(event.cards) == 5, (hand.hand_id, event)


LABEL_STYLES = {"pokerstars": "pokerstars", "fulltilt": "fulltilt", "merge": "merge"}


def test_every_label_is_kept_as_written_and_names_the_cards(results: dict[str, list]) -> None:
    """Each room's label (``Show.label``, ``SummarySeat.label``) is its own words for the cards beside it:
    the evaluator's label of those cards in the room's style, and ``parse_label`` reads every one."""
    seen: Counter[str] = Counter()
    for hand in draw_hands(results):
        ranking = get_game(hand.game).halves[0]
        labelled = [(e.cards, e.label) for e in hand.events if isinstance(e, Show) and e.label]
        labelled += [(s.cards, s.label) for s in hand.claims.summary if s.label]
        for cards, label in labelled:
            parse_label(label)
            assert ranking.evaluate(cards).label(LABEL_STYLES[hand.room]) == label, (hand.hand_id, label)
            seen[hand.room] += 1
    # counted in the text: PokerStars "(Lo: " and "with Lo: " in its draw hands; Full Tilt labelled shows,
    # summary "showed [..] and won/lost with", "mucked [..] - "; Merge winners' hand= of players who showed
    # (9, one in the hand without a description)
    assert seen == {"pokerstars": 84, "fulltilt": 100, "merge": 8}


def test_room_text_to_phh_and_back_keeps_every_draw_hand(results: dict[str, list]) -> None:
    """Room text -> record -> PHH (``F2L3D``, ``N2L1D``, ``_FAL3D``, ``_FBAL3D``, ``_FB2L3D``) -> record
    keeps what PHH carries, the game and the limit, for every real draw-game hand PHH can hold (Full
    Tilt's dead hand and partial hand, the cancelled PokerStars and Merge hands have fewer than two
    players in: an error, as for Badugi)."""
    variants: Counter[str] = Counter()
    unwritable = []
    for hand in draw_hands(results):
        try:
            text = write_phh(hand)
        except PhhWriteError:
            unwritable.append(hand.hand_id)
            continue
        [again] = list(read_phh_text(text, "<phh>"))
        assert isinstance(again, Hand), again
        if hand.hand_id != CLIENT_BUG:  # its ten-card holdings after the draws are no cards PHH can deal
            assert projection(again) == projection(hand), (hand.room, hand.hand_id)
        assert (again.game, again.limit) == (hand.game, hand.limit)
        variants[text.partition('variant = "')[2].partition('"')[0]] += 1
    assert sorted(set(unwritable)) == ["20349633663", "26884156000", "27020940000", "31691047-143"]
    # fixed-limit 2-7: Full Tilt 124 - 4 unwritable, KingsClub 2, Merge 36 - 2 cancelled - 1 pot limit,
    # PokerStars 58 - 2 cancelled, Winamax 2; A-5: Full Tilt 2, KingsClub 1, Merge 2;
    # single draw: Full Tilt 2, PokerStars 4
    assert variants == {"F2L3D": 120 + 2 + 33 + 56 + 2, "_P2L3D": 1, "_FAL3D": 5, "N2L1D": 6, "_FBAL3D": 1,
                        "_FB2L3D": 1}

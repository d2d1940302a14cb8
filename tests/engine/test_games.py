"""The game registry: sizes, draws, PHH codes, and each pot half's ranking on hand-checked hands (the
real showdowns of KingsClub's Badacey and Badeucey hands among them)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi.engine.cards import parse_cards
from badugi.engine.evaluator import CLASS_COUNT
from badugi.engine.games import (
    BADUGI,
    BADUGI_ACE_HIGH,
    GAMES,
    PHH_VARIANTS,
    Game,
    UnknownGame,
    game_of_phh_variant,
    get_game,
)
from badugi.engine.lowball import ACE_FIVE, DEUCE_SEVEN, Category
from badugi.engine.record import Limit


def test_registry() -> None:
    shape = {name: (g.hand_size, g.draws, tuple(h.name for h in g.halves)) for name, g in GAMES.items()}
    assert shape == {
        "badugi": (4, 3, ("badugi",)),
        "27_triple_draw": (5, 3, ("27",)),
        "a5_triple_draw": (5, 3, ("a5",)),
        "27_single_draw": (5, 1, ("27",)),
        "a5_single_draw": (5, 1, ("a5",)),
        "badacey": (5, 3, ("badugi", "a5")),
        "badeucey": (5, 3, ("badugi_ace_high", "27")),
    }
    assert [name for name, game in GAMES.items() if game.is_split] == ["badacey", "badeucey"]
    assert all(game.name == name for name, game in GAMES.items())
    assert hash(GAMES["badugi"]) == hash(get_game("badugi")) and str(GAMES["badeucey"]) == "Badeucey"


def test_get_game() -> None:
    assert get_game(" Badacey ") is GAMES["badacey"]
    with pytest.raises(UnknownGame, match="did you mean 'badeucey'"):
        get_game("badeucy")
    with pytest.raises(ValueError, match="known games"):
        get_game("holdem")


def test_phh_codes() -> None:
    """PHH's own codes where it defines the game, ``_``-codes for the rest (``PB``/``NB`` predate
    that rule), each code once, and every one exactly as the PHH reader knows it."""
    from badugi.parsers.phh import VARIANTS

    assert GAMES["27_triple_draw"].phh_variant(Limit.FIXED) == "F2L3D"
    assert GAMES["27_single_draw"].phh_variant(Limit.NO_LIMIT) == "N2L1D"
    assert GAMES["badugi"].phh_variant(Limit.FIXED) == "FB"
    standard = {"FB", "F2L3D", "N2L1D"}
    assert {code for code in PHH_VARIANTS if not code.startswith("_")} == standard | {"PB", "NB"}
    assert {code: (game.name, limit) for code, (game, limit) in PHH_VARIANTS.items()} == VARIANTS
    assert {code: limit for code, (name, limit) in VARIANTS.items() if name == "badugi"} == {
        "FB": Limit.FIXED, "PB": Limit.POT, "NB": Limit.NO_LIMIT}
    for game in GAMES.values():
        for limit in (Limit.FIXED, Limit.POT, Limit.NO_LIMIT):
            assert game_of_phh_variant(game.phh_variant(limit)) == (game, limit)
        assert game.phh_variant(Limit.HALF_POT) == game.phh_variant(Limit.POT)
    with pytest.raises(UnknownGame):
        game_of_phh_variant("FT")


def test_hand_size_is_checked() -> None:
    with pytest.raises(ValueError, match="4 cards, got 5"):
        GAMES["badugi"].classes(parse_cards("As 2d 3h 4c 5s"))
    with pytest.raises(ValueError, match="5 cards, got 4"):
        GAMES["badacey"].values(parse_cards("As 2d 3h 4c"))
    with pytest.raises(ValueError, match="duplicate"):
        GAMES["27_triple_draw"].classes(parse_cards("As 2d 3h 4c As"))


def classes(game: str, cards: str) -> tuple[int, ...]:
    return GAMES[game].classes(parse_cards(cards))


def labels(game: str, cards: str) -> tuple[str, ...]:
    return tuple(value.label() for value in GAMES[game].values(parse_cards(cards)))


# --- hand-checked showdowns ------------------------------------------------------------------------


def test_badacey_real_kingsclub_split() -> None:
    """kingsclub/cash__Badacey-Limit-USD-22-44-202101.txt: two players show, each wins (168) from pot.
    Hero [Ad 2h 8h 7c 9s]: Badugi 9-7-2-A (Ad 2h 7c 9s; 8h repeats the heart), A-5 9-8-7-2-A.
    Player1 [6c 4d 6h 9h 5s]: Badugi 9-6-5-4 (6c 4d 9h 5s), A-5 a pair of sixes.
    9-6 beats 9-7 in the Badugi half; any no-pair beats a pair in the A-5 half."""
    hero, player1 = classes("badacey", "Ad 2h 8h 7c 9s"), classes("badacey", "6c 4d 6h 9h 5s")
    assert player1[0] < hero[0] and hero[1] < player1[1]
    assert labels("badacey", "Ad 2h 8h 7c 9s") == ("Badugi: 9,7,2,A", "Lo: 9,8,7,2,A")
    assert labels("badacey", "6c 4d 6h 9h 5s") == ("Badugi: 9,6,5,4", "Lo: a pair of Sixes")
    badugi_half = GAMES["badacey"].values(parse_cards("Ad 2h 8h 7c 9s"))[0]
    assert badugi_half.cards == parse_cards("9s 7c 2h Ad")


def test_badeucey_real_kingsclub_split() -> None:
    """kingsclub/cash__Badeucey-Limit-USD-22-44-202101.txt: three players show, Player2 and Player4
    each win (550.25) from pot. Badugi half: Player4 [6h 5s 4d 3c 9h] has 6-5-4-3; Hero [6s 7c 2d 8h
    3h] 7-6-3-2; Player2 [8c 5h 2s 3s 7h] only three suits, a three-card hand. 2-7 half: Player2
    8-7-5-3-2 beats Hero 8-7-6-3-2 and Player4 9-6-5-4-3."""
    hero, player2, player4 = (classes("badeucey", c) for c in ("6s 7c 2d 8h 3h", "8c 5h 2s 3s 7h", "6h 5s 4d 3c 9h"))
    assert player4[0] < hero[0] < player2[0]
    assert player2[1] < hero[1] < player4[1]
    assert labels("badeucey", "8c 5h 2s 3s 7h") == ("3-card: 8,5,2", "Lo: 8,7,5,3,2")


def test_badacey_halves_are_independent_and_can_scoop() -> None:
    assert classes("badacey", "As 2d 3h 4c 5s") == (1, 1)  # A-2-3-4 rainbow and the wheel: a scoop
    # The fifth card that spoils the low half can sit outside the Badugi: 4s shares the ace's suit.
    assert labels("badacey", "As 2d 3h 4c 4s") == ("Badugi: 4,3,2,A", "Lo: a pair of Fours")
    assert labels("badacey", "Ks 2d 3h 4c As") == ("Badugi: 4,3,2,A", "Lo: K,4,3,2,A")
    assert labels("badacey", "Kc Qc Jc Tc 9c") == ("1-card: 9", "Lo: K,Q,J,T,9")
    # A four-card Badugi from any four of the five beats every three-card hand.
    assert classes("badacey", "Kd Qc Jh Ts 2s")[0] < classes("badacey", "As 2s 3h 4h 5c")[0]


def test_badeucey_plays_aces_high_in_both_halves() -> None:
    assert labels("badeucey", "As 2d 3h 4c 5s") == ("Badugi: 5,4,3,2", "Lo: A,5,4,3,2")
    assert classes("badeucey", "5s 4c 3h 2d Kd")[0] == 1
    # K-4-3-2 beats A-4-3-2 when the ace is the highest card; at Badacey it is the other way round.
    assert classes("badeucey", "Kd 2c 3h 4s 9s")[0] < classes("badeucey", "Ad 2c 3h 4s 9s")[0]
    assert classes("badacey", "Kd 2c 3h 4s 9s")[0] > classes("badacey", "Ad 2c 3h 4s 9s")[0]
    assert BADUGI_ACE_HIGH.evaluate(parse_cards("Ad 2c 3h 4s")).label("fulltilt") == "Badugi: A, 4, 3, 2"
    assert BADUGI_ACE_HIGH.class_of(parse_cards("As")) == CLASS_COUNT  # a lone ace is the worst hand


def test_single_pot_games_on_real_showdowns() -> None:
    # kingsclub/cash__2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt: Hero wins pot (799).
    assert classes("27_triple_draw", "3c 8h 2c 4c 6h") < classes("27_triple_draw", "4h 7s 2h 8d 5s")
    # kingsclub/cash__2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt: Player3 wins pot (1,194).
    assert classes("27_triple_draw", "3d 2s Td 6d 7s") < classes("27_triple_draw", "2c 5d Qc 6c 8c")
    # real_hh_corpus Stars 2-7 Single Draw: T-6-5-3-2 wins against a pair of eights.
    assert classes("27_single_draw", "2d Th 3d 6h 5c") < classes("27_single_draw", "8h 3c 4s 8d 7d")
    # merge/cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt: the winner's hand="8-6-3-2-A".
    assert labels("a5_triple_draw", "6c 3c Ad 2s 8h") == ("Lo: 8,6,3,2,A",)
    assert GAMES["badugi"].values(parse_cards("8s 3d Ac 4h"))[0].label() == "Badugi: 8,4,3,A"


# --- the aces-high Badugi against a reference written from the rules --------------------------------


def reference_badugi(cards: tuple[int, ...], ace_high: bool) -> tuple[int, tuple[int, ...]]:
    """(-size, card values high to low), lower = better: the largest subset of distinct ranks and
    suits, then the lowest from the top card down. Values: ace 1 or 14, deuce 2 .. king 13."""
    def value(card: int) -> int:
        rank = card // 4 + 1
        return 14 if ace_high and rank == 1 else rank

    for size in (4, 3, 2, 1):
        subsets = [s for s in combinations(cards, size)
                   if len({c // 4 for c in s}) == size and len({c % 4 for c in s}) == size]
        if subsets:
            return -size, min(tuple(sorted((value(c) for c in s), reverse=True)) for s in subsets)
    raise AssertionError("empty hand")


@given(st.lists(st.integers(0, 51), min_size=2, max_size=10, unique=True), st.integers(1, 5), st.booleans())
def test_badugi_rankings_match_reference(cards: list[int], split: int, ace_high: bool) -> None:
    a, b = tuple(cards[: min(split, len(cards) - 1)]), tuple(cards[min(split, len(cards) - 1):][:5])
    ranking = BADUGI_ACE_HIGH if ace_high else BADUGI
    ca, cb = ranking.class_of(a), ranking.class_of(b)
    ra, rb = reference_badugi(a, ace_high), reference_badugi(b, ace_high)
    assert (ca < cb) == (ra < rb) and (ca == cb) == (ra == rb)
    value = ranking.evaluate(a)
    assert value.cls == ca and set(value.cards) <= set(a)
    assert len(value.cards) == -ra[0]
    assert sorted((14 if ace_high and c.rank == 0 else c.rank + 1 for c in value.cards), reverse=True) == list(ra[1])


def test_every_ranking_labels_its_own_values_only() -> None:
    hand = parse_cards("As 2d 3h 4c")
    with pytest.raises(ValueError):
        BADUGI_ACE_HIGH.label(BADUGI.evaluate(hand))
    with pytest.raises(ValueError):
        BADUGI.label(BADUGI_ACE_HIGH.evaluate(hand))
    assert BADUGI.label(BADUGI.evaluate(hand)) == "Badugi: 4,3,2,A"
    assert DEUCE_SEVEN.category(DEUCE_SEVEN.class_of(parse_cards("6s 5d 4h 3c 2d"))) is Category.STRAIGHT
    assert ACE_FIVE in GAMES["badacey"].halves and isinstance(GAMES["badacey"], Game)

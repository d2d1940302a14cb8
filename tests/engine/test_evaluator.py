"""The evaluator against the rules: an exhaustive check, DESIGN §7's numbers and examples, room labels."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations, permutations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi.engine.cards import Card, parse_cards
from badugi.engine.evaluator import (
    CLASS_COUNT,
    _class_by_subsets,
    HandValue,
    class_of,
    class_of_mask,
    class_of_ranks,
    evaluate,
    hand_class,
    label,
    parse_label,
    value_of_class,
)
from conftest import real_file

# --- an independent, deliberately simple reference, written from the rules ------------------------


def reference_value(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(size, ranks high to low): the largest subset with distinct ranks and distinct suits, then the
    lowest such subset compared from the top card down. Rank = card // 4 (ace = 0), suit = card % 4."""
    for size in (4, 3, 2, 1):
        candidates = []
        for subset in combinations(cards, size):
            ranks = [card // 4 for card in subset]
            suits = [card % 4 for card in subset]
            if len(set(ranks)) == size and len(set(suits)) == size:
                candidates.append(tuple(sorted(ranks, reverse=True)))
        if candidates:
            return size, min(candidates)
    raise AssertionError("a non-empty hand always has a one-card subset")


def reference_strength_key(value: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """Sort key, best first: more cards first, then the lower top card (and so on down)."""
    size, ranks = value
    return (-size, ranks)


@pytest.fixture(scope="module")
def all_hands_reference() -> dict[tuple[int, ...], tuple[int, tuple[int, ...]]]:
    return {hand: reference_value(hand) for hand in combinations(range(52), 4)}


def test_exhaustive_against_reference(all_hands_reference) -> None:
    values = sorted(set(all_hands_reference.values()), key=reference_strength_key)
    reference_class = {value: index + 1 for index, value in enumerate(values)}
    assert len(values) == CLASS_COUNT == 1092
    mismatches = []
    for hand, value in all_hands_reference.items():
        cls = hand_class(*hand)
        if cls != reference_class[value] or value_of_class(cls) != value or _class_by_subsets(hand) != cls:
            mismatches.append((hand, cls, value))
    assert mismatches == []


def test_design_counts(all_hands_reference) -> None:
    sizes = Counter(size for size, _ in all_hands_reference.values())
    assert len(all_hands_reference) == 270_725
    assert sizes == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    # the same counts from the fast path alone
    fast_sizes = Counter(value_of_class(hand_class(*hand))[0] for hand in all_hands_reference)
    assert fast_sizes == sizes


def test_class_totals_per_size() -> None:
    per_size = Counter(value_of_class(cls)[0] for cls in range(1, CLASS_COUNT + 1))
    assert per_size == {4: 715, 3: 286, 2: 78, 1: 13}
    assert value_of_class(1) == (4, (3, 2, 1, 0))
    assert value_of_class(715) == (4, (12, 11, 10, 9))
    assert value_of_class(716) == (3, (2, 1, 0))
    assert value_of_class(1092) == (1, (12,))


def test_badugis_by_high_card(all_hands_reference) -> None:
    by_high = Counter(ranks[0] for size, ranks in all_hands_reference.values() if size == 4)
    expected = [24, 96, 240, 480, 840, 1344, 2016, 2880, 3960, 5280]  # high card 4 .. K
    assert [by_high[rank] for rank in range(3, 13)] == expected
    fast = Counter(value_of_class(cls)[1][0] for hand in all_hands_reference if (cls := hand_class(*hand)) <= 715)
    assert [fast[rank] for rank in range(3, 13)] == expected


# --- DESIGN §7 worked examples -------------------------------------------------------------------


def ev(text: str) -> HandValue:
    return evaluate(parse_cards(text))


def test_design_examples() -> None:
    assert ev("2♠4♣5♦6♥") > ev("A♠2♣3♦7♥")
    assert ev("4♠5♣6♦K♥") > ev("2♠3♠4♦7♥")
    a59, a2j = ev("A♠5♦9♦9♥"), ev("A♣2♠2♣J♦")
    assert (a59.size, a59.ranks) == (3, (8, 4, 0))
    assert (a2j.size, a2j.ranks) == (3, (10, 1, 0))
    assert a59 > a2j and a2j < a59
    tie_a, tie_b = ev("A♠2♣3♦3♠"), ev("A♦2♥3♣K♣")
    assert tie_a == tie_b and not tie_a > tie_b and not tie_a < tie_b
    assert hash(tie_a) == hash(tie_b) and tie_a.cards != tie_b.cards
    three, two = ev("5♦7♣K♣K♥"), ev("2♠3♦K♠K♦")
    assert three.size == 3 and two.size == 2 and three > two


def test_best_and_worst() -> None:
    best = ev("As 2d 3h 4c")
    assert best.cls == 1 and best.size == 4 and best.ranks == (3, 2, 1, 0) and best.is_badugi
    assert best.cards == parse_cards("4c 3h 2d As")
    worst = ev("Kc Kd Kh Ks")
    assert worst.cls == 1092 and worst.size == 1 and worst.ranks == (12,) and not worst.is_badugi
    assert ev("Kc").cls == 1092 and ev("As").cls == 1080


def test_counted_cards_drop_the_higher_duplicate() -> None:
    value = ev("As 2c 3d 3s")  # 3s shares the ace's suit; 3d is the three that counts
    assert value.cards == parse_cards("3d 2c As")
    value = ev("5d 7c Kc Kh")
    assert value.cards == parse_cards("Kh 7c 5d")


def test_five_cards_play_the_best_four() -> None:
    assert ev("As 2d 3h 4c 5s").cls == 1
    assert ev("Ks 2d 3h 4c As").ranks == (3, 2, 1, 0)
    assert ev("Kc Qc Jc Tc 9c").ranks == (8,)


def test_duplicates_and_bad_sizes_are_rejected() -> None:
    with pytest.raises(ValueError, match="As"):
        evaluate(parse_cards("As 2d As 4c"))
    with pytest.raises(ValueError):
        evaluate(())
    with pytest.raises(ValueError):
        evaluate(parse_cards("As 2d 3h 4c 5s 6d"))
    with pytest.raises(ValueError):
        hand_class(0, 0, 1, 2)
    with pytest.raises(ValueError):
        hand_class(0, 1, 2, 52)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=5, unique=True))
def test_evaluate_matches_reference_for_any_size(cards: list[int]) -> None:
    value = evaluate(cards)
    assert (value.size, value.ranks) == reference_value(tuple(cards))
    assert value.cls == class_of(cards)
    assert value.cards == tuple(sorted(value.cards, key=lambda c: -c.rank))
    assert {c.rank for c in value.cards} == set(value.ranks)
    assert len({c.suit for c in value.cards}) == value.size and set(value.cards) <= set(cards)
    if len(cards) <= 4:
        mask = sum(1 << c for c in cards)
        assert class_of_mask(mask) == value.cls
    for order in list(permutations(cards))[:6]:
        assert evaluate(order) == value


@given(st.lists(st.integers(0, 51), min_size=1, max_size=5, unique=True))
def test_subset_walk_matches_reference(cards: list[int]) -> None:
    """``class_of`` before any table exists walks the subsets: same classes as the rules say."""
    assert value_of_class(_class_by_subsets(cards)) == reference_value(tuple(cards))


@given(st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True))
def test_order_agrees_with_class(cards: list[int]) -> None:
    a, b = evaluate(cards[:4]), evaluate(cards[4:])
    assert (a > b) == (a.cls < b.cls) and (a == b) == (a.cls == b.cls) and (a >= b) == (a.cls <= b.cls)


# --- labels --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "style", "text"),
    [
        # Written by the rooms' own clients (FORMATS.md), checked by hand against the cards.
        ("8s 3d Ac 4h", "pokerstars", "Badugi: 8,4,3,A"),
        ("8c 5d 7s Th", "pokerstars", "Badugi: T,8,7,5"),
        ("Tc 3s 2s 7h", "pokerstars", "3-card: T,7,2"),
        ("Qd 4s 3h 2c", "fulltilt", "Badugi: Q, 4, 3, 2"),
        ("5s 4h Ad Js", "fulltilt", "3-Card: 5, 4, A"),
        ("Ah 7d 2s Kc", "merge", "Badugi, K-7-2-A"),
        ("Jh 3h 2s 3s", "merge", "Two Cards, 3-2"),
        # The remaining sizes, from the same patterns.
        ("Kc Kd As Ah", "pokerstars", "2-card: K,A"),
        ("Kc Kd Kh Ks", "pokerstars", "1-card: K"),
        ("Kc Kd As Ah", "fulltilt", "2-Card: K, A"),
        ("Kc Kd Kh Ks", "fulltilt", "1-Card: K"),
        ("9c 9d 2s Ad", "merge", "Three Cards, 9-2-A"),
        ("Kc Kd Kh Ks", "merge", "One Card, K"),
    ],
)
def test_labels(cards: str, style: str, text: str) -> None:
    value = ev(cards)
    assert label(value, style) == text == value.label(style)
    assert parse_label(text) == (value.size, value.ranks)


def test_default_label_is_pokerstars_and_unknown_style_fails() -> None:
    assert label(ev("As 2d 3h 4c")) == "Badugi: 4,3,2,A" == label(1)
    with pytest.raises(ValueError, match="style"):
        label(1, "ipoker")


@pytest.mark.parametrize("style", ["pokerstars", "fulltilt", "merge"])
def test_label_round_trip_every_class(style: str) -> None:
    for cls in range(1, CLASS_COUNT + 1):
        size, ranks = parse_label(label(cls, style))
        assert (size, ranks) == value_of_class(cls)
        assert class_of_ranks(ranks) == cls


@pytest.mark.parametrize(
    "text", ["", "Badugi", "Badugi: 4,3,2", "3-card: 4,3,2,A", "Lo: 8,7,5,4,3", "Two Cards, 3-X", "Pair of Aces"]
)
def test_parse_label_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_label(text)


def test_parse_label_accepts_room_variants() -> None:
    assert parse_label("a Badugi: Q, 4, 3, 2") == (4, (11, 3, 2, 1))
    assert parse_label("  3-card: T,7,2 ") == (3, (9, 6, 1))
    assert parse_label("Badugi: 10, 8, 7, 5") == (4, (9, 7, 6, 4))


# --- every label the rooms wrote in the real files agrees with the evaluator ---------------------


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return raw.decode("utf-16")
    return raw.decode("utf-8-sig", errors="replace")


_PS_SHOWN = re.compile(r"\[(\w\w \w\w \w\w \w\w)\][^\n(]*?\(?((?:Badugi|\d-card): [^)\r\n]+)")
_FTP_SHOWN = re.compile(r"\[(\w\w \w\w \w\w \w\w)\][^\n]*? a ((?:Badugi|\d-Card): [^\r\n]+)")
_MERGE_SHOWN = re.compile(r'cards="(\w\w,\w\w,\w\w,\w\w)"[^>]*hand="([^"]+)"')


@pytest.mark.parametrize(
    ("relative", "pattern", "style"),
    [
        ("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt", _PS_SHOWN, "pokerstars"),
        ("pokerstars/tour__LBad-USD-MTT8-201011.txt", _PS_SHOWN, "pokerstars"),
        ("fulltilt/cash__Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt", _FTP_SHOWN, "fulltilt"),
        ("fulltilt/cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt", _FTP_SHOWN, "fulltilt"),
        ("merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt", _MERGE_SHOWN, "merge"),
        ("merge/cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt", _MERGE_SHOWN, "merge"),
    ],
)
def test_real_room_labels_agree(relative: str, pattern: re.Pattern[str], style: str) -> None:
    text = _read_text(real_file(relative))
    found = pattern.findall(text)
    for cards, room_label in found:
        value = evaluate(parse_cards(cards))
        assert label(value, style) == room_label.strip(), cards
        assert parse_label(room_label) == (value.size, value.ranks)
    assert found, f"no labelled hands found in {relative}"


def test_card_type_survives() -> None:
    value = ev("As 2d 3h 4c")
    assert all(isinstance(card, Card) for card in value.cards)

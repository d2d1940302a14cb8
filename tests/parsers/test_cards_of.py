"""``base.cards_of``: a bracket group of cards as rooms write it. The room notation (``As``) is looked up
by name; anything else ``Card.parse`` reads (``10h``, lowercase ranks) or refuses with its own message."""

from __future__ import annotations

import pytest

from badugi.engine.cards import DECK, Card
from badugi.parsers.rooms.base import cards_of


def test_every_card_by_its_name_and_the_group_shapes() -> None:
    for card in DECK:
        assert cards_of(f"[{card}]") == (card,)
    ace_clubs, three_hearts = Card.of(0, 0), Card.of(2, 2)  # rank 0 = ace, suits c, d, h, s
    assert cards_of(" [Ac 3h]") == cards_of("[Ac 3h]") == cards_of("Ac 3h]") == (ace_clubs, three_hearts)
    assert cards_of("[]") == ()


def test_other_notations_go_through_card_parse() -> None:
    assert cards_of("[10h as]") == (Card.of(9, 2), Card.of(0, 3))
    with pytest.raises(ValueError, match="not a card: 'Xx'"):
        cards_of("[As Xx]")


def test_a_memo_is_emptied_at_its_limit_and_remembers_no_failure() -> None:
    from badugi.parsers.rooms.base import Memo

    calls: list[str] = []

    def reader(text: str) -> int:
        calls.append(text)
        if text == "bad":
            raise ValueError(text)
        return len(text)

    memo = Memo(reader, 3)
    assert [memo.get("a") or memo.read("a") for _ in range(3)] == [1, 1, 1] and calls == ["a"]
    for text in ("bb", "ccc"):
        memo.read(text)
    assert len(memo) == 3
    memo.read("dddd")  # full: emptied, then the new value kept
    assert dict(memo) == {"dddd": 4}
    with pytest.raises(ValueError):
        memo.read("bad")
    assert "bad" not in memo


def test_a_counting_memo_counts_lookups_and_hits() -> None:
    from badugi.parsers.rooms.base import CountingMemo

    memo = CountingMemo(len, 10, "lengths")
    values = [memo.get(text) or memo.read(text) for text in ("ab", "ab", "cde", "ab")]
    assert values == [2, 2, 3, 2]
    assert (memo.lookups, memo.hits) == (4, 2)  # "ab" and "cde" missed once each


def test_memo_counting_is_off_unless_asked_for() -> None:
    import os

    from badugi.parsers.rooms.base import MEMO_STATS, MEMOS, CountingMemo

    assert "amounts" in MEMOS and "pokerstars.act_blocks" in MEMOS
    if not MEMO_STATS:
        assert os.environ.get("BADUGI_MEMO_STATS", "") in ("", "0")
        assert not any(isinstance(m, CountingMemo) for m in MEMOS.values())

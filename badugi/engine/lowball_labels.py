"""How rooms write five-card lowball hands (2-7 and A-5), and reading those words back.

What the rooms' own clients wrote in the real files (``../shared/real_hh``, ``real_hh_corpus``):

* PokerStars, Triple Draw 2-7 and Single Draw 2-7: ``(Lo: 8,7,6,5,2)``, ``(Lo: a pair of Fives)``,
  ``(Lo: a straight, Four to Eight)``; its other made hands are worded as in its hold'em and stud
  hands (``two pair, Aces and Queens``, ``three of a kind, Queens``, ``a flush, King high``,
  ``a full house, Sixes full of Deuces``); Razz (A-5 low): ``(Lo: 6,5,3,2,A)``.
* Full Tilt, 2-7 Triple and Single Draw: ``7,6,4,3,2`` (no spaces, unlike its Badugi labels),
  ``a pair of Sevens``, ``a pair of Twos``, ``a straight, Seven high``; in its other games
  ``two pair, Jacks and Twos``, ``a flush, Ace high``, ``a full house, Nines full of Sevens``,
  ``a straight flush, Jack high``.
* Merge (XML ``hand=``), 2-7: ``K-8-7-4-2``, ``A-Q-9-5-4``, ``Pair of Queens``, ``Two Pair Tens and
  Fives``, ``Full House - Queens over Nines``; A-5: ``8-6-3-2-A``, ``Pair of Twos``; in its other
  games ``Three of a Kind Kings``, ``Jack High Straight``, ``Flush Ace High``.

Not seen for any room, so written by the same patterns: four of a kind (``four of a kind, Kings`` /
``Four of a Kind Kings``), a straight flush other than Full Tilt's, the royal flush (``a Royal Flush``
/ ``Royal Flush``), and every A-5 made hand (the same words; two pair and a full house name the
group compared first: ``two pair, Fives and Aces`` for 5-5-A-A-K at A-5, where aces are low).
KingsClub and Winamax write no hand descriptions.

A label names what a room's words can say: every rank of a no-pair hand, only the top card of a
flush or straight, the groups of a paired hand. :func:`parse_label` returns exactly that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import IntEnum

from badugi.engine.cards import RANKS
from badugi.errors import BadInput

LABEL_STYLES: tuple[str, ...] = ("pokerstars", "fulltilt", "merge")


class Category(IntEnum):
    """Kinds of five-card hands, in the order a lowball hand gets worse (both 2-7 and A-5; A-5 has
    no straights or flushes)."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8

    @property
    def title(self) -> str:
        return _CATEGORY_TITLES[self]


_CATEGORY_TITLES = {
    Category.NO_PAIR: "no pair",
    Category.PAIR: "one pair",
    Category.TWO_PAIR: "two pair",
    Category.TRIPS: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house",
    Category.QUADS: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
}

ACE, TEN = 0, 9

_ONE = ("Ace", "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King")
_MANY = tuple("Sixes" if word == "Six" else word + "s" for word in _ONE)


def _word(rank: int, style: str, plural: bool) -> str:
    """Rank name; Full Tilt and Merge call a deuce a Two."""
    if rank == 1 and style != "pokerstars":
        return "Twos" if plural else "Two"
    return (_MANY if plural else _ONE)[rank]


def named_ranks(category: Category, ranks: Sequence[int]) -> tuple[int, ...]:
    """The ranks a label names, from a hand's ranks in comparison order (groups first, then high to
    low): all five without a pair, the top card of a straight or flush, else one rank per group."""
    if category is Category.NO_PAIR:
        return tuple(ranks)
    if category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.PAIR,
                    Category.TRIPS, Category.QUADS):
        return (ranks[0],)
    if category is Category.TWO_PAIR:
        return (ranks[0], ranks[2])
    return (ranks[0], ranks[3])  # full house: the three, then the pair


def label_text(category: Category, ranks: Sequence[int], style: str) -> str:
    """The room's words for a five-card low hand (``ranks`` in comparison order, 0 = ace .. 12 = king).

    PokerStars ``Lo: 8,7,6,5,2`` / ``Lo: a pair of Fives``; Full Tilt ``8,7,6,5,2`` / ``a pair of
    Fives``; Merge ``8-7-6-5-2`` / ``Pair of Fives``.
    """
    if style not in LABEL_STYLES:
        raise BadInput(f"unknown label style {style!r} (expected one of {', '.join(LABEL_STYLES)})")
    if category is Category.NO_PAIR:
        sep = "-" if style == "merge" else ","
        body = sep.join(RANKS[r] for r in ranks)
    elif style == "merge":
        body = _merge_words(category, ranks)
    else:
        body = _room_words(category, ranks, style)
    return f"Lo: {body}" if style == "pokerstars" else body


def _room_words(category: Category, ranks: Sequence[int], style: str) -> str:
    """PokerStars and Full Tilt phrases (they differ only for straights and the deuce's name)."""
    top = _word(ranks[0], style, False)
    if category is Category.PAIR:
        return f"a pair of {_word(ranks[0], style, True)}"
    if category is Category.TWO_PAIR:
        return f"two pair, {_word(ranks[0], style, True)} and {_word(ranks[2], style, True)}"
    if category is Category.TRIPS:
        return f"three of a kind, {_word(ranks[0], style, True)}"
    if category is Category.QUADS:
        return f"four of a kind, {_word(ranks[0], style, True)}"
    if category is Category.FULL_HOUSE:
        return f"a full house, {_word(ranks[0], style, True)} full of {_word(ranks[3], style, True)}"
    if category is Category.FLUSH:
        return f"a flush, {top} high"
    if category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        return "a Royal Flush"
    kind = "a straight" if category is Category.STRAIGHT else "a straight flush"
    if style == "pokerstars":
        return f"{kind}, {_word(ranks[4], style, False)} to {top}"
    return f"{kind}, {top} high"


def _merge_words(category: Category, ranks: Sequence[int]) -> str:
    top = _word(ranks[0], "merge", False)
    if category is Category.PAIR:
        return f"Pair of {_word(ranks[0], 'merge', True)}"
    if category is Category.TWO_PAIR:
        return f"Two Pair {_word(ranks[0], 'merge', True)} and {_word(ranks[2], 'merge', True)}"
    if category is Category.TRIPS:
        return f"Three of a Kind {_word(ranks[0], 'merge', True)}"
    if category is Category.QUADS:
        return f"Four of a Kind {_word(ranks[0], 'merge', True)}"
    if category is Category.FULL_HOUSE:
        return f"Full House - {_word(ranks[0], 'merge', True)} over {_word(ranks[3], 'merge', True)}"
    if category is Category.FLUSH:
        return f"Flush {top} High"
    if category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        return "Royal Flush"
    return f"{top} High Straight" + (" Flush" if category is Category.STRAIGHT_FLUSH else "")


# --- reading labels back --------------------------------------------------------------------------

_RANK_WORDS: dict[str, int] = {}
for _rank, (_one, _many) in enumerate(zip(_ONE, _MANY)):
    _RANK_WORDS[_one.lower()] = _RANK_WORDS[_many.lower()] = _rank
_RANK_WORDS.update({"two": 1, "twos": 1})
_W = r"([a-z]+)"
_PHRASES: tuple[tuple[re.Pattern[str], Category], ...] = tuple(
    (re.compile(pattern), category)
    for pattern, category in (
        (rf"(?:a )?pair of {_W}", Category.PAIR),
        (rf"two pairs?,? {_W} and {_W}", Category.TWO_PAIR),
        (rf"three of a kind,? {_W}", Category.TRIPS),
        (rf"four of a kind,? {_W}", Category.QUADS),
        (rf"(?:a )?full house(?:,| -) {_W} (?:full of|over) {_W}", Category.FULL_HOUSE),
        (rf"a flush, {_W} high|flush {_W} high", Category.FLUSH),
        (rf"a straight, {_W} to {_W}", Category.STRAIGHT),
        (rf"a straight, {_W} high|{_W} high straight", Category.STRAIGHT),
        (rf"a straight flush, {_W} to {_W}", Category.STRAIGHT_FLUSH),
        (rf"a straight flush, {_W} high|{_W} high straight flush", Category.STRAIGHT_FLUSH),
        (r"(?:a )?royal flush", Category.STRAIGHT_FLUSH),
    )
)
_RANK_LIST = re.compile(r"(?:10|[2-9tjqka])(?:\s*[,-]\s*(?:10|[2-9tjqka])){4}")
_RANK_OF = {name.lower(): i for i, name in enumerate(RANKS)} | {"10": TEN}


def parse_label(text: str) -> tuple[Category, tuple[int, ...]]:
    """Read any style of :func:`label_text` back as ``(category, named ranks)`` (see
    :func:`named_ranks`). A leading ``Lo:`` is optional. Raises ``BadInput`` naming the text."""
    body = text.strip()
    if body[:3].lower() == "lo:":
        body = body[3:].strip()
    lowered = body.lower()
    if _RANK_LIST.fullmatch(lowered):
        return Category.NO_PAIR, tuple(_RANK_OF[t.strip()] for t in re.split(r"[,-]", lowered))
    for pattern, category in _PHRASES:
        match = pattern.fullmatch(lowered)
        if not match:
            continue
        words = [w for w in match.groups() if w is not None]
        try:
            ranks = [_RANK_WORDS[w] for w in words]
        except KeyError:
            raise BadInput(f"not a lowball hand description (bad rank word): {text!r}") from None
        if not words:  # royal flush
            return category, (ACE,)
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and len(ranks) == 2:
            low, high = ranks
            if not ACE <= low <= TEN or high != (low + 4) % 13:
                raise BadInput(f"not a straight from {_ONE[low]} to {_ONE[high]}: {text!r}")
            return category, (high,)
        if len(ranks) == 2 and ranks[0] == ranks[1]:
            raise BadInput(f"hand description names one rank twice: {text!r}")
        return category, tuple(ranks)
    raise BadInput(f"not a lowball hand description: {text!r}")

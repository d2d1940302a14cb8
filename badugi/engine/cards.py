"""Cards as small ints: ``rank * 4 + suit``, rank 0 = ace (Badugi plays aces low) .. 12 = king.

A ``Card`` is an ``int`` subclass so that hot code (evaluator tables, deck masks) can use it as an
index, while ``str(card)`` still prints room notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from badugi.engine import cards_api as _cards_api
from badugi.errors import BadInput

RANKS = "A23456789TJQK"
SUITS = "cdhs"
UNICODE_SUITS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_RANK_INDEX["10"] = 9
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_INDEX.update({u: i for i, u in enumerate(UNICODE_SUITS.values())})


class Card(int):
    """One card, 0..51. ``Card.parse("Td") == Card.parse("10D")``."""

    __slots__ = ()

    def __new__(cls, value: int) -> "Card":
        if not 0 <= value < 52:
            raise ValueError(f"card index out of range: {value!r}")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> "Card":
        """Card from a rank 0 (ace) .. 12 (king) and a suit 0..3 (c, d, h, s)."""
        return cls(rank * 4 + suit)

    @classmethod
    def parse(cls, token: str) -> "Card":
        """Parse room notation: ``As``, ``Td``, ``10d``, suit letter in either case, or a unicode suit."""
        return _PARSED.get(token) or cls(_parse_slow(token))

    @property
    def rank(self) -> int:
        return int(self) >> 2

    @property
    def suit(self) -> int:
        return int(self) & 3

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]!r})"

    def pretty(self) -> str:
        """Rank with a unicode suit, for display: ``A♠``."""
        return RANKS[self.rank] + UNICODE_SUITS[SUITS[self.suit]]


def _parse_slow(token: str) -> int:
    text = token.strip()
    if len(text) < 2 or text[:-1].upper() not in _RANK_INDEX:
        raise ValueError(f"not a card: {token!r} (expected rank A,2-9,T,J,Q,K then suit c,d,h,s, e.g. 'As')")
    suit = text[-1]
    suit_index = _SUIT_INDEX.get(suit.lower(), _SUIT_INDEX.get(suit))
    if suit_index is None:
        raise ValueError(f"not a card: {token!r} (bad suit {suit!r}; expected c, d, h or s)")
    return _RANK_INDEX[text[:-1].upper()] * 4 + suit_index


_NAMES = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_PARSED: dict[str, Card] = {}
for _card in DECK:
    _name = _NAMES[_card]
    for _r in {_name[0], _name[0].lower(), "10" if _name[0] == "T" else _name[0]}:
        for _s in {_name[1], _name[1].upper()}:
            _PARSED[_r + _s] = _card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse ``"As 2d 3h"``, ``"As,2d,3h"``, ``"As2d3h"`` or an iterable of tokens."""
    if isinstance(text, str):
        stripped = text.replace(",", " ").split()
        if len(stripped) == 1 and len(stripped[0]) > 3:
            token = stripped[0]
            if len(token) % 2:
                raise ValueError(f"not a run of cards: {text!r}")
            stripped = [token[i : i + 2] for i in range(0, len(token), 2)]
        return tuple(Card.parse(t) for t in stripped)
    return tuple(Card.parse(t) for t in text)


def format_cards(cards: Sequence[int], sep: str = " ") -> str:
    """Room notation, space separated by default: ``As 2d 3h``. (A list, not a generator: ``join`` makes
    one of a generator anyway, and compiled, a generator is a coroutine object resumed per card.) Compiled,
    a tuple or list of cards 0..51 with the default separator is written in C (``cards_api``: the row
    builder calls this ~8 times a hand; measured ~1,600 instructions a call joined)."""
    if sep == " ":
        made = _cards_api.spaced_names(cards)
        if made is not None:
            return made
    return sep.join([_NAMES[c] for c in cards])


def distinct_cards(cards: Iterable[int]) -> tuple[int, ...]:
    """The cards as a tuple, checked: each an int 0..51 and none twice. Raises ``BadInput`` naming
    the offending card(s)."""
    hand = tuple(cards)
    seen = 0
    duplicates: list[str] = []
    for card in hand:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise BadInput(f"not a card: {card!r}")
        if seen >> card & 1:
            duplicates.append(_NAMES[card])
        seen |= 1 << card
    if duplicates:
        raise BadInput(f"duplicate card(s): {' '.join(dict.fromkeys(duplicates))}")
    return hand

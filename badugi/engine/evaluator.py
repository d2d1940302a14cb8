"""The Badugi hand evaluator: exact values, class numbers, room labels and a fast table path.

Rules (DESIGN §5): only cards of distinct ranks and distinct suits count; the hand is the largest such
subset, and among subsets of that size the lowest, compared from the highest card down with aces low.
Suits never break ties.

Every hand falls in one of 1,092 classes: 1 = A-2-3-4 rainbow (the best) .. 715 = K-Q-J-T badugi, then
286 three-card classes, 78 two-card classes and 13 one-card classes, 1,092 = a lone king (the worst).
Equal hands share a class, so comparing classes compares hands (lower class wins).

Hot code calls :func:`hand_class` (four Card ints) or :func:`class_of_mask` (a 52-bit card mask). Both
read one dict keyed by the card mask, built lazily on first use (about a quarter of a second) by a
dynamic programme over subsets: a set of cards that is itself a badugi is valued by its ranks, any other
set is the best of its subsets one card smaller.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from badugi.engine.cards import DECK, RANKS, Card, format_cards
from badugi.errors import BadInput

Style = Literal["pokerstars", "fulltilt", "merge"]
STYLES: tuple[str, ...] = ("pokerstars", "fulltilt", "merge")

CLASS_COUNT = 1092
"""Number of distinct hand values: 715 four-card + 286 three-card + 78 two-card + 13 one-card."""


def _class_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Class -> ranks (high to low), rank-bit-mask -> class, and the first class of each size.

    Within a size, hands order by their ranks read from the top card down, lower being better.
    """
    class_ranks: list[tuple[int, ...]] = [()]  # index 0 unused: classes start at 1
    first_class = [0] * 5
    for size in (4, 3, 2, 1):
        first_class[size] = len(class_ranks)
        class_ranks.extend(sorted(tuple(reversed(c)) for c in combinations(range(13), size)))
    by_rank_mask = [0] * (1 << 13)
    for cls in range(1, len(class_ranks)):
        mask = 0
        for rank in class_ranks[cls]:
            mask |= 1 << rank
        by_rank_mask[mask] = cls
    return tuple(class_ranks), tuple(by_rank_mask), tuple(first_class)


CLASS_RANKS, _CLASS_BY_RANK_MASK, _FIRST_CLASS = _class_tables()
assert len(CLASS_RANKS) - 1 == CLASS_COUNT


def class_size(cls: int) -> int:
    """Number of counted cards (4 = badugi .. 1) of a class number."""
    return len(CLASS_RANKS[cls])


def class_of_ranks(ranks: Iterable[int]) -> int:
    """Class of a hand that counts these ranks (any order; distinct ranks 0 = ace .. 12 = king)."""
    mask = 0
    count = 0
    for rank in ranks:
        if not 0 <= rank < 13:
            raise BadInput(f"rank out of range: {rank!r}")
        mask |= 1 << rank
        count += 1
    if not 1 <= count <= 4 or bin(mask).count("1") != count:
        raise BadInput(f"not a Badugi hand's ranks (1 to 4 distinct ranks): {tuple(ranks)!r}")
    return _CLASS_BY_RANK_MASK[mask]


# --- the fast table -----------------------------------------------------------------------------

_TABLE4: dict[int, int] = {}
"""52-bit mask of exactly four cards -> class. Filled in place on first use."""
_TABLE_SMALL: dict[int, int] = {}
"""Masks of one to three cards -> class. Filled in place on first use."""


def _build_tables() -> None:
    """Fill both tables by the subset recursion (see the module docstring). Idempotent."""
    if _TABLE4:
        return
    by_rank = _CLASS_BY_RANK_MASK
    bit = [1 << c for c in range(52)]
    rbit = [1 << (c >> 2) for c in range(52)]
    sbit = [1 << (c & 3) for c in range(52)]
    small: dict[int, int] = {}
    four: dict[int, int] = {}
    for a in range(52):
        small[bit[a]] = by_rank[rbit[a]]
    for a in range(52):
        ma, ra, sa = bit[a], rbit[a], sbit[a]
        for b in range(a + 1, 52):
            mb = bit[b]
            mab = ma | mb
            valid_ab = not (rbit[b] & ra or sbit[b] & sa)
            small[mab] = by_rank[ra | rbit[b]] if valid_ab else min(small[ma], small[mb])
    valid3: dict[int, bool] = {}
    for a in range(52):
        ma, ra, sa = bit[a], rbit[a], sbit[a]
        for b in range(a + 1, 52):
            mb = bit[b]
            mab = ma | mb
            valid_ab = not (rbit[b] & ra or sbit[b] & sa)
            rab, sab = ra | rbit[b], sa | sbit[b]
            for c in range(b + 1, 52):
                mc = bit[c]
                if valid_ab and not (rbit[c] & rab or sbit[c] & sab):
                    small[mab | mc] = by_rank[rab | rbit[c]]
                    valid3[mab | mc] = True
                else:
                    small[mab | mc] = min(small[mab], small[ma | mc], small[mb | mc])
    for a in range(52):
        ma = bit[a]
        for b in range(a + 1, 52):
            mab = ma | bit[b]
            for c in range(b + 1, 52):
                mc = bit[c]
                mac, mbc, mabc = ma | mc, bit[b] | mc, mab | mc
                v_abc = small[mabc]
                if mabc in valid3:
                    rabc = rbit[a] | rbit[b] | rbit[c]
                    sabc = sbit[a] | sbit[b] | sbit[c]
                    for d in range(c + 1, 52):
                        md = bit[d]
                        if rbit[d] & rabc or sbit[d] & sabc:
                            four[mabc | md] = min(v_abc, small[mab | md], small[mac | md], small[mbc | md])
                        else:
                            four[mabc | md] = by_rank[rabc | rbit[d]]
                else:
                    for d in range(c + 1, 52):
                        md = bit[d]
                        four[mabc | md] = min(v_abc, small[mab | md], small[mac | md], small[mbc | md])
    _TABLE_SMALL.update(small)
    _TABLE4.update(four)


def hand_class(c0: int, c1: int, c2: int, c3: int) -> int:
    """Class (1 best .. 1092 worst) of four distinct Card ints: the hot path, one dict lookup."""
    try:
        return _TABLE4[(1 << c0) | (1 << c1) | (1 << c2) | (1 << c3)]
    except KeyError:
        pass
    except (TypeError, ValueError):
        raise BadInput(f"not four cards: {(c0, c1, c2, c3)!r}") from None
    if not _TABLE4:
        _build_tables()
        return hand_class(c0, c1, c2, c3)
    raise BadInput(f"not four distinct cards 0..51: {(c0, c1, c2, c3)!r}")


def class_of_mask(mask: int) -> int:
    """Class of the cards in a 52-bit mask (bit i = card i) holding one to four cards."""
    try:
        return _TABLE4[mask]
    except KeyError:
        pass
    try:
        return _TABLE_SMALL[mask]
    except KeyError:
        pass
    if not _TABLE4:
        _build_tables()
        return class_of_mask(mask)
    raise BadInput(f"not a mask of one to four cards: {mask!r}")


def _mask_of(cards: Sequence[int]) -> int:
    """Card mask, rejecting duplicates and non-cards with a message that names them."""
    mask = 0
    one = 1  # typed like the mask once compiled: shifted up to bit 51 (a plain 1 would be a 32-bit C int)
    duplicates: list[str] = []
    for card in cards:
        # (a ``Card``, the usual item, is compared once a C integer: compiled, comparing an int subclass with
        # Python ints goes through rich comparison, ~100 instructions each, two a card)
        if type(card) is not Card and (isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52):
            raise BadInput(f"not a card: {card!r}")
        c = card
        if not 0 <= c < 52:
            raise BadInput(f"not a card: {card!r}")
        if mask >> c & one:
            duplicates.append(str(DECK[c]))
        mask |= one << c
    if duplicates:
        raise BadInput(f"duplicate card(s): {' '.join(dict.fromkeys(duplicates))}")
    return mask


def class_of(cards: Sequence[int]) -> int:
    """Class of 1 to 5 distinct cards; five cards play their best four-card subset.

    Reads the table once something built it (the simulator, odds); before that it walks the subsets
    instead, so a process that only settles a few showdowns per hand (the replay in an import worker)
    never pays the table build (about 0.2 s and tens of MB per process)."""
    # the cards checked and their mask made in one loop, the first five kept (compiled: a C array) for the subset
    # walk; any doubt (a card twice) goes back to ``_mask_of`` for its message
    held = [0, 0, 0, 0, 0]
    mask = 0
    one = 1  # typed like the mask once compiled: shifted up to bit 51
    count = 0
    for card in cards:
        if type(card) is not Card and (isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52):
            raise BadInput(f"not a card: {card!r}")
        c = card
        if not 0 <= c < 52:
            raise BadInput(f"not a card: {card!r}")
        if mask >> c & one:
            _mask_of(cards)  # raises: the first non-card, else the duplicates
        mask |= one << c
        if count < 5:
            held[count] = c
        count += 1
    if not 1 <= count <= 5:
        raise BadInput(f"a Badugi hand has 1 to 5 cards, got {count}")
    if not _TABLE4:
        return _held_class(held, count)
    if count <= 4:
        return class_of_mask(mask)
    return _best_four(mask, cards)


def _held_class(held: list[int], n: int) -> int:
    """``_class_by_subsets`` of ``n`` (1 to 5) distinct cards ``held[0:n]`` (0..51): the subsets of the cards'
    places in ``_SUBSET_ORDER`` (largest first), the best class of the first size that has a set of distinct
    ranks and suits (compiled: C integers only, the card places as bits)."""
    rank_bits = [0, 0, 0, 0, 0]  # per card place: its rank's bit and its suit's bit
    suit_bits = [0, 0, 0, 0, 0]
    for k in range(n):
        rank_bits[k] = 1 << (held[k] >> 2)
        suit_bits[k] = 1 << (held[k] & 3)
    full = (1 << n) - 1
    best = 0
    size = 0
    for e in range(31):
        subset = _SUBSET_ORDER[e]
        if subset & ~full:
            continue
        if best and _SUBSET_SIZE[e] < size:
            break
        ranks = suits = 0
        valid = True
        for k in range(n):
            if subset >> k & 1:
                if ranks & rank_bits[k] or suits & suit_bits[k]:  # a rank or suit twice: not a set of distinct cards
                    valid = False
                    break
                ranks |= rank_bits[k]
                suits |= suit_bits[k]
        if valid:
            cls = _CLASS_BY_RANK_MASK[ranks]
            if not best or cls < best:
                best = cls
                size = _SUBSET_SIZE[e]
    return best


_SUBSET_ORDER = sorted(range(1, 32), key=lambda m: (-bin(m).count("1"), m))
"""Every non-empty subset of five card places as bits, the largest first (``_held_class``; compiled, a C array)."""
_SUBSET_SIZE = [bin(m).count("1") for m in _SUBSET_ORDER]
"""The number of places in each of ``_SUBSET_ORDER`` (compiled, a C array)."""


def _best_four(mask: int, cards: Sequence[int]) -> int:
    """The best class of five cards' four-card subsets, read from the table (a function of its own: compiled,
    ``class_of`` is a C function, which cannot hold this generator's closure)."""
    return min(class_of_mask(mask & ~(1 << card)) for card in cards)


def _class_by_subsets(cards: Sequence[int]) -> int:
    """Class of 1 to 5 distinct cards without the table: the best (lowest) class of the largest
    subsets of distinct ranks and suits (classes run four-card first, so a larger valid subset
    always beats a smaller one). A badugi is settled by its first subset, the whole hand (``_held_class``)."""
    n = len(cards)
    if not 1 <= n <= 5:
        raise BadInput(f"a Badugi hand has 1 to 5 cards, got {n}")
    held = [0, 0, 0, 0, 0]
    for k in range(n):
        held[k] = cards[k]
    return _held_class(held, n)


# --- hand values --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """What a hand is worth. ``a > b`` means a beats b; ``a == b`` means a tie (same class).

    Equality and hashing use the class only: two hands with the same ranks in different suits are
    equal values even though their ``cards`` differ.
    """

    cls: int
    """Class number, 1 (A-2-3-4 rainbow) .. 1092 (a lone king)."""
    cards: tuple[Card, ...]
    """The counted cards, high to low (one choice when several subsets tie)."""

    @property
    def size(self) -> int:
        """Number of counted cards: 4 = a badugi, 3 = a three-card hand, ..."""
        return len(CLASS_RANKS[self.cls])

    @property
    def ranks(self) -> tuple[int, ...]:
        """Counted ranks, high to low; 0 = ace (low) .. 12 = king."""
        return CLASS_RANKS[self.cls]

    @property
    def is_badugi(self) -> bool:
        return self.cls < _FIRST_CLASS[3]

    def label(self, style: Style | str = "pokerstars") -> str:
        """The hand as a room writes it: ``Badugi: 8,4,3,A`` (PokerStars), see :func:`label`."""
        return label(self, style)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.cls == other.cls
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.cls)

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.cls < other.cls
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.cls <= other.cls
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.cls > other.cls
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.cls >= other.cls
        return NotImplemented

    def __str__(self) -> str:
        return f"{format_cards(self.cards)} ({label(self)})"


def evaluate(cards: Sequence[int]) -> HandValue:
    """Value of 1 to 5 distinct cards (five cards play their best four)."""
    cls = class_of(cards)
    ranks = CLASS_RANKS[cls]
    size = len(ranks)
    ordered = sorted((Card(c) for c in cards), key=lambda c: (-(c >> 2), c & 3))
    for subset in combinations(ordered, size):
        if tuple(c >> 2 for c in subset) == ranks and len({c & 3 for c in subset}) == size:
            return HandValue(cls, subset)
    raise AssertionError(f"no counted subset for class {cls} in {format_cards(cards)}")  # pragma: no cover


def value_of_class(cls: int) -> tuple[int, tuple[int, ...]]:
    """``(size, ranks)`` of a class number."""
    if not 1 <= cls <= CLASS_COUNT:
        raise BadInput(f"class out of range 1..{CLASS_COUNT}: {cls!r}")
    ranks = CLASS_RANKS[cls]
    return len(ranks), ranks


# --- labels -------------------------------------------------------------------------------------

_MERGE_SIZE_WORDS = {4: "Badugi", 3: "Three Cards", 2: "Two Cards", 1: "One Card"}


def label(value: HandValue | int, style: Style | str = "pokerstars") -> str:
    """The description a room writes for a hand (or a class number).

    PokerStars ``Badugi: 8,4,3,A`` / ``3-card: 9,2,A``; Full Tilt ``Badugi: Q, 4, 3, 2`` /
    ``3-Card: 5, 4, A``; Merge ``Badugi, K-7-2-A`` / ``Three Cards, 9-2-A`` / ``One Card, K``.
    """
    cls = value.cls if isinstance(value, HandValue) else value
    size, ranks = value_of_class(cls)
    return label_words(size, [RANKS[r] for r in ranks], style)


def label_words(size: int, names: Sequence[str], style: Style | str = "pokerstars") -> str:
    """:func:`label` from the counted cards' rank names, high to low (shared with the aces-high
    Badugi of Badeucey, whose ranks are named in another order)."""
    if style == "pokerstars":
        head = "Badugi" if size == 4 else f"{size}-card"
        return f"{head}: {','.join(names)}"
    if style == "fulltilt":
        head = "Badugi" if size == 4 else f"{size}-Card"
        return f"{head}: {', '.join(names)}"
    if style == "merge":
        return f"{_MERGE_SIZE_WORDS[size]}, {'-'.join(names)}"
    raise BadInput(f"unknown label style {style!r} (expected one of {', '.join(STYLES)})")


def _stars_labels() -> tuple[str, ...]:
    """``label`` of every class (PokerStars style) by its number, 0 unused: written from ``CLASS_RANKS`` by a
    plain loop (a generator a class cost ~7x as much), once a process."""
    out = [""]
    for ranks in CLASS_RANKS[1:]:
        out.append(("Badugi: " if len(ranks) == 4 else f"{len(ranks)}-card: ") + ",".join([RANKS[r] for r in ranks]))
    return tuple(out)


STARS_LABELS: tuple[str, ...] = _stars_labels()
"""Each class's PokerStars label by class number (the same texts as ``label``: ``tests/engine/test_checks_labels_table.py``):
the replay's label check takes a label equal to its hand's as right without reading it back, and the rows read a shown
hand's label here instead of building it (``label`` ~3k instructions a call)."""


_SIZE_WORDS = {
    "badugi": 4,
    "4-card": 4,
    "four cards": 4,
    "3-card": 3,
    "three cards": 3,
    "2-card": 2,
    "two cards": 2,
    "1-card": 1,
    "one card": 1,
}
_RANK_OF = {name: i for i, name in enumerate(RANKS)} | {"10": 9}


def parse_label(text: str) -> tuple[int, tuple[int, ...]]:
    """Read a room's hand description back as ``(size, ranks as written)``; any style of :func:`label`.

    Accepts a leading ``a `` (Full Tilt writes ``with a Badugi: ...``). Raises ``BadInput`` (a
    ``ValueError``) on anything else, naming the text.
    """
    body = text.strip()
    if body[:2].lower() == "a ":
        body = body[2:].lstrip()
    for sep in (":", ","):
        head, found, tail = body.partition(sep)
        size = _SIZE_WORDS.get(head.strip().lower()) if found else None
        if size is not None:
            break
    else:
        raise BadInput(f"not a Badugi hand description: {text!r}")
    tokens = [t.strip() for t in tail.replace("-", ",").split(",")]
    try:
        ranks = tuple(_RANK_OF[t.upper()] for t in tokens)
    except KeyError:
        raise BadInput(f"not a Badugi hand description (bad rank): {text!r}") from None
    if len(ranks) != size:
        raise BadInput(f"hand description names {len(ranks)} ranks for a {size}-card hand: {text!r}")
    return size, ranks

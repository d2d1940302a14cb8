"""The rules' own decision of a pot: who wins it and how a tie is split.

The settlement (``settlement.settle``) asks these for every pot: to award the pots of a hand whose log
claims no collected amounts (a PHH file without ``winnings``, a text hand without collect lines), and
to know who should have won the pots a room says it paid; ``checks.check_showdown`` judges a claimed
tie with the same split and odd-chip rule.

A split-pot game (Badacey, Badeucey: ``Game.halves``) decides each half of every pot on its own, with
that half's ranking (``half_classes``), and ``split_pot`` shares the pot out: the odd chip of the
whole pot to the half ``Rules.split_odd_chip_half`` names, each half's odd chip of a tie left of the
button, and a pot whose halves the same players win split among them as one pot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from . import evaluator as _evaluator
from .cards import Card
from .games import BADUGI_GAME, Game, Ranking
from .record import Muck, Show
from badugi.errors import BadInput

ClassOf = Callable[[tuple[Card, ...]], int]
"""Shown cards -> their class in one pot half (1 = best, lower wins); raises ``ValueError`` on cards
that are no hand of the game."""


def split(amount: int, winners: Sequence[int], unit: int) -> dict[int, int]:
    """Equal shares in units of ``unit``; odd units one each to the first winners left of the button
    (``winners`` are table indices, which run clockwise from left of the button)."""
    ordered = sorted(winners)
    chips, rest = divmod(amount, unit)
    share, odd = divmod(chips, len(ordered))
    out = {j: share * unit for j in ordered}
    for j in ordered[:odd]:
        out[j] += unit
    if ordered:
        out[ordered[0]] += rest
    return out


def split_pot(amount: int, halves: Sequence[Sequence[int]], unit: int, odd_half: int) -> dict[int, int]:
    """Each winner's share of a pot (table index -> amount). One half: ``split``. Two halves (a
    split-pot game; ``halves`` = each half's winners): the halves are equal, the odd unit of the whole
    pot going to half ``odd_half``, and each half is ``split`` among its winners; a pot whose halves the
    same players win is split among them as one pot, as evenly as possible (TDA rule 19)."""
    if len(halves) == 1 or all(set(h) == set(halves[0]) for h in halves[1:]):
        return split(amount, halves[0], unit)
    out: dict[int, int] = {}
    for k, share in enumerate(half_amounts(amount, len(halves), unit, odd_half)):
        for j, got in split(share, halves[k], unit).items():
            out[j] = out.get(j, 0) + got
    return {j: out[j] for j in sorted(out)}


def half_amounts(amount: int, count: int, unit: int, odd_half: int) -> list[int]:
    """A split pot's halves: equal in units of ``unit``, the remainder (odd unit and any part of a unit)
    to half ``odd_half``."""
    chips, rest = divmod(amount, unit)
    share, odd = divmod(chips, count)
    amounts = [share * unit] * count
    amounts[odd_half] += odd * unit + rest
    return amounts


def _checked_class(ranking: Ranking, hand_size: int) -> ClassOf:
    """``ranking.class_of`` memoised, for shown hands of exactly ``hand_size`` cards."""

    @lru_cache(maxsize=1024)
    def class_of_shown(cards: tuple[Card, ...]) -> int:
        if len(cards) != hand_size:
            raise BadInput(f"a shown hand of {len(cards)} cards in a game of {hand_size}-card hands")
        return ranking.class_of(cards)

    return class_of_shown


_HALF_CLASSES: dict[str, tuple[ClassOf, ...]] = {}


def half_classes(game: Game) -> tuple[ClassOf, ...]:
    """The class function of each pot half of ``game`` (memoised, built once per game). Badugi keeps its
    own ``hand_class`` (one to five cards, as it always valued them)."""
    found = _HALF_CLASSES.get(game.name)
    if found is None:
        if game is BADUGI_GAME:
            found = (hand_class,)
        else:
            found = tuple([_checked_class(ranking, game.hand_size) for ranking in game.halves])  # (a list: no closure)
        _HALF_CLASSES[game.name] = found
    return found


def best_shown(shows: Mapping[int, Show], eligible: Sequence[int], class_of: ClassOf | None = None,
               valued: dict[int, int | None] | None = None) -> tuple[int, ...] | None:
    """The best shown hands among the eligible players (the judge of a room's claimed winners), valued
    by ``class_of`` (a pot half's; Badugi by default); ``None`` when hidden cards leave it open. ``valued``: the
    classes found so far by table index (``None``: the cards are no hand), read and filled, so that a hand shown is
    valued once a hand (the settlement's pots, then ``check_labels``)."""
    if len(eligible) == 1:
        return tuple(eligible)
    contenders = [j for j in eligible if j in shows]
    if not contenders:
        return None
    best = None
    winners: list[int] = []
    for j in contenders:
        if valued is not None and j in valued:
            cls = valued[j]
            if cls is None:
                return None
        else:
            try:
                # (Badugi's own called as itself: compiled, a C call instead of one through Python's protocol;
                # ``hand_class`` is named only in the call, as a function value it would be a new Python wrapper of the
                # C function each time: ~700 instructions a shown hand, callgrind)
                cls = hand_class(tuple(shows[j].cards)) if class_of is None else class_of(tuple(shows[j].cards))
            except ValueError:
                if valued is not None:
                    valued[j] = None
                return None
            if valued is not None:
                valued[j] = cls
        if best is None or cls < best:
            best, winners = cls, [j]
        elif cls == best:
            winners.append(j)
    return tuple(winners)


def award_winners(shows: Mapping[int, Show], mucks: Mapping[int, Muck], eligible: Sequence[int],
                  class_of: ClassOf | None = None) -> tuple[int, ...] | None:
    """Who the rules award a pot to when the log claims no collections: the last eligible player when
    the others folded or mucked, else the best hand among the players still in it (valued by
    ``class_of``, a pot half's), decided only when each of them showed their cards (a player the log is
    silent about, or shows face down, may hold anything); ``None`` when undecidable."""
    if len(eligible) == 1:
        return tuple(eligible)
    contenders = [j for j in eligible if j in shows or j not in mucks]
    if len(contenders) == 1:
        return tuple(contenders)
    if not contenders or any(j not in shows for j in contenders):
        return None
    return best_shown(shows, contenders, class_of)


def hand_class(cards: tuple[Card, ...]) -> int:
    """The evaluator's ``class_of``: the settlement's winners and the label check value shown hands with it (a
    replay process never builds the evaluator's table: ``class_of`` walks the subsets instead). Compiled, a C call
    of the evaluator's own (``awards.pxd``), with no memo: shown hands seldom recur (about half the calls of a
    1,024-hand ``lru_cache`` missed on the mixed corpus), and its look-up cost more than the walk."""
    return _evaluator.class_of(cards)

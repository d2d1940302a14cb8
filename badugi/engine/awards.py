"""The rules' own decision of a pot: who wins it and how a tie is split.

The settlement (``settlement.settle``) asks these for every pot: to award the pots of a hand whose log
claims no collected amounts (a PHH file without ``winnings``, a text hand without collect lines), and
to know who should have won the pots a room says it paid; ``checks.check_showdown`` judges a claimed
tie with the same split and odd-chip rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from .cards import Card
from .evaluator import class_of
from .record import Muck, Show


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


def best_shown(shows: Mapping[int, Show], eligible: Sequence[int]) -> tuple[int, ...] | None:
    """The best shown hands among the eligible players (the judge of a room's claimed winners);
    ``None`` when hidden cards leave it open."""
    if len(eligible) == 1:
        return tuple(eligible)
    contenders = [j for j in eligible if j in shows]
    if not contenders:
        return None
    best = None
    winners: list[int] = []
    for j in contenders:
        try:
            cls = hand_class(tuple(shows[j].cards))
        except ValueError:
            return None
        if best is None or cls < best:
            best, winners = cls, [j]
        elif cls == best:
            winners.append(j)
    return tuple(winners)


def award_winners(shows: Mapping[int, Show], mucks: Mapping[int, Muck],
                  eligible: Sequence[int]) -> tuple[int, ...] | None:
    """Who the rules award a pot to when the log claims no collections: the last eligible player when
    the others folded or mucked, else the best hand among the players still in it, decided only when
    each of them showed all four cards (a player the log is silent about, or shows face down, may hold
    anything); ``None`` when undecidable."""
    if len(eligible) == 1:
        return tuple(eligible)
    contenders = [j for j in eligible if j in shows or j not in mucks]
    if len(contenders) == 1:
        return tuple(contenders)
    if not contenders or any(j not in shows for j in contenders):
        return None
    return best_shown(shows, contenders)


@lru_cache(maxsize=1024)
def hand_class(cards: tuple[Card, ...]) -> int:
    """``class_of`` memoised: the settlement's winners and the label check evaluate the same shown hands,
    and a replay process never builds the evaluator's table (``class_of`` walks the subsets instead).
    Measured (callgrind, real hands, same session): without the memo a replay takes ~1,088k instead of
    ~1,030k instructions (5.5 %)."""
    return class_of(cards)

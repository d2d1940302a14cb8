"""The pure-Python twins of the C-level makers the compiled PokerStars line readers build their line values with.

``pokerstars_lines.pxd`` cimports ``values_api.pxd`` (inline Cython only: nothing here is compiled on its own) under
the name ``pokerstars_lines.py`` imports this module by: compiled, ``_values.call_line(name, amount, all_in)``
allocates the value's extension type (``CallLine.__new__``) and sets its C struct fields, where ``CallLine(...)`` went
through the type's call and ``__init__``'s argument parsing (~10 new values a hand). Run as Python each maker calls
the value's class with the same values by position: the same value.
"""

from __future__ import annotations

from typing import Any

from .pokerstars_values import (
    BetLine, CallLine, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine, MuckLine, PostLine, RaiseLine,
    SeatLine, ShowLine, StandPatLine, SummarySeatLine, UncalledLine,
)


def fold_line(name: Any) -> FoldLine:
    return FoldLine(name)


def check_line(name: Any) -> CheckLine:
    return CheckLine(name)


def muck_line(name: Any) -> MuckLine:
    return MuckLine(name)


def call_line(name: Any, amount: Any, all_in: Any) -> CallLine:
    return CallLine(name, amount, all_in)


def bet_line(name: Any, amount: Any, all_in: Any) -> BetLine:
    return BetLine(name, amount, all_in)


def raise_line(name: Any, by: Any, to: Any, all_in: Any) -> RaiseLine:
    return RaiseLine(name, by, to, all_in)


def post_line(name: Any, kind: Any, amount: Any, all_in: Any) -> PostLine:
    return PostLine(name, kind, amount, all_in)


def discard_line(name: Any, count: Any, cards: Any) -> DiscardLine:
    return DiscardLine(name, count, cards)


def stand_pat_line(name: Any, cards: Any) -> StandPatLine:
    return StandPatLine(name, cards)


def show_line(name: Any, cards: Any, label: Any) -> ShowLine:
    return ShowLine(name, cards, label)


def dealt_line(name: Any, held: Any, new: Any) -> DealtLine:
    return DealtLine(name, held, new)


def uncalled_line(name: Any, amount: Any) -> UncalledLine:
    return UncalledLine(name, amount)


def collect_line(name: Any, amount: Any, pot: Any) -> CollectLine:
    return CollectLine(name, amount, pot)


def seat_line(seat: Any, name: Any, stack: Any, sitting_out: Any, note: Any) -> SeatLine:
    return SeatLine(seat, name, stack, sitting_out, note)


def summary_seat_line(seat: Any, name: Any, result: Any, position: Any, folded_street: Any, won: Any, cards: Any,
                      label: Any) -> SummarySeatLine:
    return SummarySeatLine(seat, name, result, position, folded_street, won, cards, label)

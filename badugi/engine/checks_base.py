"""What every claim-vs-derived check shares (``checks.py``, ``checks_showdown.py``): the ``Found`` list a
check returns and the violation and money texts it writes."""

from __future__ import annotations

from .record import Hand
from .violations import CODES, Undetermined, Violation

Found = list[Violation | Undetermined]
"""What a check returns."""


def violation(hand: Hand, code: str, line: int, expected: str, found: str, message: str | None = None) -> Violation:
    """A violation of ``hand`` at ``line`` (the hand's first line when 0), with the code's text."""
    text = message or f"{CODES.get(code, code)}: expected {expected}, found {found}"
    return Violation(code, hand.hand_id, hand.source.file, line or hand.source.line, expected, found, text)


def money_text(hand: Hand, amount: int | None) -> str:
    """Money as a violation writes it: ``12.50`` (cents) or ``1250`` (chips); ``none`` when unknown."""
    if amount is None:
        return "none"
    if hand.minor_per_major == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}"

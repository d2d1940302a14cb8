"""Violations: a stable code plus where and what, returned as values (never raised).

Codes are stable strings (DESIGN §4): extend the list, never rename one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CODES: dict[str, str] = {
    "order.out_of_turn": "an action by someone whose turn it was not",
    "bet.wrong_size": "a fixed-limit bet/raise not equal to the round's bet unit",
    "bet.over_cap": "a raise after the betting was capped",
    "bet.over_limit": "pot-limit/half-pot above the maximum, or no-limit below the minimum raise",
    "check.facing_bet": "a check when a call was owed",
    "call.wrong_amount": "a call of the wrong amount",
    "stack.exceeded": "more put in than the stack",
    "allin.mismatch": "an all-in mark that does not match the stack",
    "blind.wrong_amount": "a blind not as the stakes say",
    "blind.wrong_seat": "a blind posted by the wrong seat for the button",
    "draw.count_mismatch": "new cards not equal to the discards",
    "draw.unheld_card": "a discard of a card not held",
    "cards.duplicate": "the same card twice with no reshuffle possible",
    "pot.total_mismatch": "the room's total pot differs from the contributions",
    "pot.side_mismatch": "the room's main/side pots differ from the contributions",
    "rake.mismatch": "rake differs from pot minus what was collected",
    "uncalled.mismatch": "an uncalled bet not (or wrongly) returned",
    "showdown.wrong_winner": "the evaluator disagrees with who won",
    "showdown.wrong_split": "the evaluator disagrees with how a tie was split",
    "showdown.odd_chip": "the odd chip went to the wrong player",
    "showdown.label_mismatch": "the room's hand label differs from the evaluator's",
    "showdown.shown_not_held": "shown cards contradict cards the log already gave that player",
    "order.missing_action": "the log moved on while a player still had to act or draw",
    "bet.facing_bet": "an opening bet where a bet had already been made (a raise was due)",
    "bet.not_reopened": "a raise by a player to whom a short all-in did not reopen the betting",
    "bet.cap_notice": "the room says the betting is capped where the round's bets had not reached the cap",
    "rake.unexpected": "rake taken where the room's rules take none (tournament, or no draw no drop)",
    "showdown.no_winner": "a pot with no claimed collector, or collected by a player not in the hand",
    "money.not_conserved": "the nets plus the rake do not sum to zero: money appeared or vanished",
    "draw.players_mismatch": "a draw's marker counts the players left (or all in) unlike the hand",
    "seat.over_table_size": "a seat numbered beyond the header's table size, or more players seated than it holds",
    "summary.mismatch": "a summary seat line differs from the hand (amount won, net, final stack, seat, button or "
                        "blind, fold street, showed or collected)",
    "hand.cancelled": "informational: the room cancelled the hand",
    "hand.partial": "informational: the room truncated the hand",
    "hand.killed": "informational: the room folded a sitting-out player who was all in with a forced bet",
    "hand.dead": "informational: the hand died before the deal (a player sat out after the blinds): the posts went back",
}


INFORMATIONAL = frozenset({"hand.cancelled", "hand.partial", "hand.killed", "hand.dead"})
"""Codes that describe a hand rather than fault it: listed, never a reason to fail (exit 1, --strict)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One disagreement between what the room claims and what the rules derive.

    ``code`` is stable (tests assert on it, never on ``message``); ``expected``/``found`` are short
    texts of the derived value and the claimed one.
    """

    code: str
    hand_id: str
    file: str
    line: int
    expected: str
    found: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "file": self.file,
            "line": self.line,
            "hand_id": self.hand_id,
            "expected": self.expected,
            "found": self.found,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Undetermined:
    """A check hidden cards leave undecidable, named by ``name`` (a code or a check's name) in
    ``Replay.undetermined``: never reported as passed, never as violated."""

    name: str

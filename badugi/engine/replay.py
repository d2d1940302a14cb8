"""Replay one ``Hand``: walk its events through the ``Table`` (``walk.Walk``), settle it, then run the
claim-vs-derived checks.

``replay(hand)`` never raises on a bad log: every disagreement becomes a ``Violation``. The walk's state
(``Walk``) and the settled hand derived once from it (``settlement.Settlement``) are what the checks
(``checks.py``) and the per-player facts (``facts.py``) read; neither writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from .checks import CHECKS, ClaimCheck
from .facts import player_facts
from .record import Hand
from .replay_model import Replay, Step
from .rules import Rules, rules_for
from .settlement import Settlement, settle
from .table import SHOWDOWN
from .violations import Undetermined, Violation
from .walk import Walk

__all__ = ["Walk", "replay", "replay_steps"]


def replay(hand: Hand, rules: Rules | None = None, checks: Sequence[ClaimCheck] = CHECKS) -> Replay:
    """Re-derive ``hand`` from the rules; every disagreement with its claims is a violation. ``checks``
    are the claim-vs-derived checks to run (any order finds the same; their violations are listed in it)."""
    rules = rules or rules_for(hand)
    walk = Walk(hand, rules)
    steps = partial(replay_steps, hand, rules)
    if hand.cancelled:
        walk.flag("hand.cancelled", hand.source.line, "a dealt hand", "cancelled", "the room cancelled this hand")
        return _result(walk, None, walk.violations, (), (), steps)
    walk.run()
    if hand.partial:
        # A truncated hand cannot be settled: its money and showdown claims are undecidable, not wrong.
        walk.flag("hand.partial", hand.source.line, "a whole hand", "partial", "the room truncated this hand")
        return _result(walk, None, walk.violations, tuple(check.__name__ for check in checks), (), steps)
    settled = settle(hand, walk, rules)
    found: list[Violation | Undetermined] = []
    for check in checks:
        found += check(hand, walk, settled, rules)
    violations = walk.violations + [f for f in found if type(f) is Violation]
    undetermined = [f.name for f in found if type(f) is Undetermined]
    return _result(walk, settled, violations, undetermined, player_facts(walk, settled), steps)


def replay_steps(hand: Hand, rules: Rules) -> tuple[Step, ...]:
    """The steps of ``replay(hand, rules)``: the walk again, recording them (``Replay.steps`` calls this on
    first read; the import's rows never read steps, so the replay itself does not record them)."""
    if hand.cancelled:
        return ()
    walk = Walk(hand, rules, record_steps=True)
    walk.run()
    return tuple(walk.steps)  # type: ignore[arg-type]


def _result(walk: Walk, settled: Settlement | None, violations: Sequence[Violation], undetermined: Sequence[str],
            players: tuple, steps: Callable[[], tuple[Step, ...]]) -> Replay:
    t = walk.table
    return Replay(
        hand_id=walk.hand.hand_id,
        violations=tuple(violations),
        undetermined=tuple(dict.fromkeys(undetermined)) if undetermined else (),
        order=tuple(t.names),
        pots=settled.pots if settled is not None and settled.decided else (),
        total_pot=t.pot_total,
        rake=settled.rake if settled is not None else None,
        players=players,
        showdown=settled is not None and t.phase == SHOWDOWN,
        ended_street=t.ended_street,
        awards_derived=settled.awards_derived if settled is not None else False,
        steps_source=steps,
    )

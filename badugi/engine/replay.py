"""Replay one ``Hand``: walk its events through the ``Table`` (``walk.Walk``), settle it, then run the
claim-vs-derived checks.

``replay(hand)`` never raises on a bad log: every disagreement becomes a ``Violation``. The walk's state
(``Walk``) and the settled hand derived once from it (``settlement.Settlement``) are what the checks
(``checks.py``) and the per-player facts (``facts.py``) read; neither writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields

from . import alloc_api as _alloc_api
from . import checks as _checks
from . import checks_showdown as _showdown
from . import facts as _facts
from . import slots_api as _slots_api
from . import settlement as _settlement
from . import walk as _walk
from .checks import CHECKS, ClaimCheck
from .record import Hand
from .replay_model import Replay, Step
from .rules import _RULES_FOR, DEFAULT_RULES, ROOM_RULES, Rules, rules_for
from .settlement import Settlement
from .table import SHOWDOWN
from .violations import Undetermined, Violation
from .walk import Walk

__all__ = ["Walk", "replay", "replay_steps"]


def replay(hand: Hand, rules: Rules | None = None, checks: Sequence[ClaimCheck] = CHECKS) -> Replay:
    """Re-derive ``hand`` from the rules; every disagreement with its claims is a violation. ``checks``
    are the claim-vs-derived checks to run (any order finds the same; their violations are listed in it)."""
    rules = rules or _rules_of(hand)
    walk = _walk.new_walk(hand, rules)  # ``Walk(hand, rules)``: compiled, a C call (walk.pxd)
    steps = _alloc_api.new(_Steps)  # ``partial(replay_steps, hand, rules)``, made without parsing a call's arguments
    steps.hand = hand
    steps.rules = rules
    if hand.cancelled:
        walk.flag("hand.cancelled", hand.source.line, "a dealt hand", "cancelled", "the room cancelled this hand")
        return _result(walk, None, walk.violations, (), (), steps)
    walk.run()
    if hand.partial:
        # A truncated hand cannot be settled: its money and showdown claims are undecidable, not wrong.
        walk.flag("hand.partial", hand.source.line, "a whole hand", "partial", "the room truncated this hand")
        return _result(walk, None, walk.violations, tuple([check.__name__ for check in checks]), (), steps)
    settled = _settlement.settle(hand, walk, rules)
    found: list[Violation | Undetermined]
    if checks is CHECKS:
        found = _default_checks(hand, walk, settled, rules)
    else:
        found = []
        for check in checks:
            found += check(hand, walk, settled, rules)
    if found:
        violations = walk.violations + [f for f in found if type(f) is Violation]
        undetermined = [f.name for f in found if type(f) is Undetermined]
    else:  # (the usual hand: nothing found, no lists made)
        violations, undetermined = walk.violations, ()
    return _result(walk, settled, violations, undetermined, _facts.player_facts(walk, settled), steps)


def _rules_of(hand: Hand) -> Rules:
    """``rules_for(hand)``, its usual case (rules found before for the room's entry, the limit and the game) looked up
    here: compiled, C calls instead of a Python function's frame (``rules.py`` is not compiled; ~0.7 us a hand,
    timeit). The same look-ups as ``rules_for`` (keep the two alike); any other case is ``rules_for``'s."""
    room_rules = ROOM_RULES
    base = room_rules.get(hand.room) or room_rules.get(hand.room.lower(), DEFAULT_RULES)
    found_rules = _RULES_FOR
    found = found_rules.get((id(base), hand.limit, hand.game))
    if found is not None and found[0] is base:
        return found[1]
    return rules_for(hand)


def _add(found: list, got: list) -> int:
    """``got`` added to ``found`` only when a check found something (the usual check finds nothing: no in-place
    add); compiled, an inline C function (``replay.pxd``)."""
    if got:
        found += got
    return 0


def _default_checks(hand: Hand, walk: Walk, settled: Settlement, rules: Rules) -> list[Violation | Undetermined]:
    """What ``CHECKS`` find, in their order, each called by its module's name: compiled, these (and the
    settlement, the facts and ``Walk.run`` above) are C calls through the modules' ``.pxd`` declarations,
    not calls of function objects through Python's call protocol (~15 a hand)."""
    found: list[Violation | Undetermined] = []
    _add(found, _checks.check_uncalled(hand, walk, settled, rules))
    _add(found, _checks.check_pots(hand, walk, settled, rules))
    _add(found, _checks.check_rake(hand, walk, settled, rules))
    _add(found, _checks.check_shown_cards(hand, walk, settled, rules))
    if not _checks._held_apart(settled.holdings, walk.new_cards, walk.discards, walk.table.n):  # (``check_card_identity``:
        _add(found, _checks._card_identity(hand, walk, settled, rules))  # most hands hold each card apart, no list made)
    _add(found, _showdown.check_showdown(hand, walk, settled, rules))
    _add(found, _showdown.check_labels(hand, walk, settled, rules))
    _add(found, _showdown.check_summary(hand, walk, settled, rules))
    _add(found, _checks.check_money(hand, walk, settled, rules))
    return found


if tuple(check.__name__ for check in CHECKS) != (
        "check_uncalled", "check_pots", "check_rake", "check_shown_cards", "check_card_identity", "check_showdown",
        "check_labels", "check_summary", "check_money"):
    raise TypeError("replay._default_checks calls the checks of checks.CHECKS in its order: update it")


class _Steps:
    """A ``Replay``'s ``steps_source``: ``replay_steps(hand, rules)`` when called (``Replay.steps`` on first read).
    Made a hand in place of a ``functools.partial`` (~800 instructions a hand, callgrind: ``partial`` parses its
    arguments); picklable like one."""

    __slots__ = ("hand", "rules")

    def __call__(self) -> tuple[Step, ...]:
        return replay_steps(self.hand, self.rules)


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
    """The ``Replay``, every field set once as the frozen dataclass's own ``__init__`` would (it calls
    ``object.__setattr__`` from a Python frame for each one): compiled, each is one C call
    (``object_api``). Measured (callgrind, compiled, mixed corpus): the ``Replay(...)`` call took ~24k
    instructions of a ~440k replay, each field's slot setter called through Python's protocol ~6.4k. Each is set
    through its slot's descriptor (``slots_api``: the type's look-up of the field's name skipped, ~130 instructions a
    field)."""
    t = walk.table
    replay = _alloc_api.new(Replay)  # (compiled: a C call, ``alloc_api``)
    _slots_api.set_slot(_R_HAND_ID, replay, walk.hand.hand_id)
    _slots_api.set_slot(_R_VIOLATIONS, replay, tuple(violations))
    _slots_api.set_slot(_R_UNDETERMINED, replay, tuple(dict.fromkeys(undetermined)) if undetermined else ())
    _slots_api.set_slot(_R_ORDER, replay, tuple(t.names))
    _slots_api.set_slot(_R_POTS, replay, settled.pots if settled is not None and settled.decided else ())
    _slots_api.set_slot(_R_TOTAL_POT, replay, t.pot_total)
    _slots_api.set_slot(_R_RAKE, replay, settled.rake if settled is not None else None)
    _slots_api.set_slot(_R_PLAYERS, replay, players)
    _slots_api.set_slot(_R_SHOWDOWN, replay, settled is not None and t.phase == SHOWDOWN)
    _slots_api.set_slot(_R_ENDED_STREET, replay, t.ended_street)
    _slots_api.set_slot(_R_AWARDS_DERIVED, replay, settled.awards_derived if settled is not None else False)
    _slots_api.set_slot(_R_STEPS_SOURCE, replay, steps)
    _slots_api.set_slot(_R_STEPS, replay, None)  # walked on first read
    return replay


# ``Replay``'s fields' slot descriptors, which ``_result`` sets them through (``slots_api.set_slot``)
_R_HAND_ID = Replay.__dict__["hand_id"]
_R_VIOLATIONS = Replay.__dict__["violations"]
_R_UNDETERMINED = Replay.__dict__["undetermined"]
_R_ORDER = Replay.__dict__["order"]
_R_POTS = Replay.__dict__["pots"]
_R_TOTAL_POT = Replay.__dict__["total_pot"]
_R_RAKE = Replay.__dict__["rake"]
_R_PLAYERS = Replay.__dict__["players"]
_R_SHOWDOWN = Replay.__dict__["showdown"]
_R_ENDED_STREET = Replay.__dict__["ended_street"]
_R_AWARDS_DERIVED = Replay.__dict__["awards_derived"]
_R_STEPS_SOURCE = Replay.__dict__["steps_source"]
_R_STEPS = Replay.__dict__["_steps"]
if tuple(field.name for field in fields(Replay)) != (
        "hand_id", "violations", "undetermined", "order", "pots", "total_pot", "rake", "players", "showdown",
        "ended_street", "awards_derived", "steps_source", "_steps") or hasattr(Replay, "__post_init__"):
    raise TypeError("replay._result sets Replay's 13 fields and runs no __post_init__: update it")

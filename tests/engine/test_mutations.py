"""The mutation suite: every real hand, clean, replays with no violation; each corruption of it is
caught with the intended code in at least 99 % of mutants. ``pytest -s`` prints the table."""

from __future__ import annotations

import sys

import pytest
from replay_mutations import MUTATIONS, run_mutants
from replay_real_hands import real_badugi_hands
from test_replay_worked import worked_hand

from badugi.engine.record import Hand
from badugi.engine.replay import replay


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    found = real_badugi_hands()
    if not found:
        pytest.skip("no real Badugi hands readable")
    return [*found, worked_hand()]


def test_clean_hands_have_no_violations(hands: list[Hand]) -> None:
    dirty = {f"{h.source.file}:{h.source.line} #{h.hand_id}": [v.code for v in replay(h).violations] for h in hands}
    assert {k: v for k, v in dirty.items() if v} == {}


def test_mutants_are_caught_with_the_intended_code(hands: list[Hand]) -> None:
    rows, misses = run_mutants(hands, MUTATIONS)
    width = max(len(r[0]) for r in rows)
    print(f"\n{'mutation':<{width}}  {'intended code':<24} {'mutants':>7} {'detected':>8}", file=sys.stderr)
    for name, code, made, caught in rows:
        print(f"{name:<{width}}  {code:<24} {made:>7} {caught:>8}", file=sys.stderr)
    total_made = sum(r[2] for r in rows)
    total_caught = sum(r[3] for r in rows)
    print(f"{'all':<{width}}  {'':<24} {total_made:>7} {total_caught:>8}", file=sys.stderr)
    assert all(made > 0 for _, _, made, _ in rows), [r for r in rows if r[2] == 0]
    for name, code, made, caught in rows:
        assert caught >= 0.99 * made, (name, made, caught, [m for m in misses if m[0] == name][:5])
    assert total_caught >= 0.99 * total_made

"""Evaluator speed: the table fast path against a deliberately simple reference, in the same run.

Usage: python benchmarks/evaluator.py [--hands N] [--seed S]
Ends with one line: RESULT evals_per_s=N reference_ratio=R (R = fast path speed / reference speed).
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations

from badugi.engine import evaluator
from badugi.engine.evaluator import evaluate, hand_class, value_of_class


def reference_value(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(size, ranks high to low) straight from the rules: largest subset of distinct ranks and suits,
    then the lowest one from the top card down (ace low)."""
    for size in (4, 3, 2, 1):
        candidates = [
            tuple(sorted((c // 4 for c in subset), reverse=True))
            for subset in combinations(cards, size)
            if len({c // 4 for c in subset}) == size and len({c % 4 for c in subset}) == size
        ]
        if candidates:
            return size, min(candidates)
    raise AssertionError("empty hand")


def best_of(runs: int, func) -> float:
    """Fastest of several timed runs (seconds), to damp noise from a shared machine."""
    return min(func() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="random hands for the fast path")
    parser.add_argument("--reference-hands", type=int, default=50_000, help="random hands for the reference")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(range(52), 4)) for _ in range(args.hands)]

    start = time.perf_counter()
    evaluator._build_tables()
    build_s = time.perf_counter() - start
    print(f"table build: {build_s:.3f} s ({len(evaluator._TABLE4):,} four-card masks)")

    def run_fast() -> float:
        t0 = time.perf_counter()
        for a, b, c, d in hands:
            hand_class(a, b, c, d)
        return time.perf_counter() - t0

    fast_s = best_of(3, run_fast)
    fast_rate = len(hands) / fast_s
    print(f"hand_class: {len(hands):,} hands in {fast_s:.3f} s = {fast_rate:,.0f} evals/s")

    sample = hands[: args.reference_hands]

    def run_reference() -> float:
        t0 = time.perf_counter()
        for hand in sample:
            reference_value(hand)
        return time.perf_counter() - t0

    ref_s = best_of(2, run_reference)
    ref_rate = len(sample) / ref_s
    print(f"reference:  {len(sample):,} hands in {ref_s:.3f} s = {ref_rate:,.0f} evals/s")

    t0 = time.perf_counter()
    for hand in sample:
        evaluate(hand)
    full_rate = len(sample) / (time.perf_counter() - t0)
    print(f"evaluate() with counted cards: {full_rate:,.0f} evals/s")

    wrong = sum(value_of_class(hand_class(*hand)) != reference_value(hand) for hand in sample)
    print(f"agreement with the reference on {len(sample):,} hands: {len(sample) - wrong:,} ({wrong} differ)")
    if wrong:
        raise SystemExit("fast path disagrees with the reference")
    print(f"RESULT evals_per_s={fast_rate:.0f} reference_ratio={fast_rate / ref_rate:.1f}")


if __name__ == "__main__":
    main()

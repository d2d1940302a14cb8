"""Evaluator speed: each table fast path against a deliberately simple reference, in the same run.

Badugi (four-card hands), then 2-7 low and A-5 low (five-card hands). Each fast path must agree with
its reference on the reference's sample; the target is at least 1M evaluations/s for each.

Usage: python benchmarks/evaluator.py [--hands N] [--reference-hands M] [--seed S]
Ends with one line: RESULT evals_per_s=N reference_ratio=R evals_per_s_27=N reference_ratio_27=R
evals_per_s_a5=N reference_ratio_a5=R (the first two are Badugi's; R = fast path speed / reference speed).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from itertools import combinations

from badugi.engine import evaluator
from badugi.engine.evaluator import evaluate, hand_class, value_of_class
from badugi.engine.lowball import ACE_FIVE, DEUCE_SEVEN, Lowball


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


def _grouped(values: list[int]) -> tuple[int, tuple[int, ...]]:
    """(shape kind, values with the larger group first, then the higher value first)."""
    counts = Counter(values)
    shape = tuple(sorted(counts.values(), reverse=True))
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
    return kind, tuple(sorted(values, key=lambda v: (counts[v], v), reverse=True))


def reference_27(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """2-7 low sort key from the rules, lower = better: values 2..14 (the ace only high); kind 0 = no
    pair .. 8 = straight flush, straights (4) and flushes (5) counting against."""
    values = [c // 4 + 1 if c // 4 else 14 for c in cards]
    kind, ordered = _grouped(values)
    flush = len({c % 4 for c in cards}) == 1
    straight = kind == 0 and max(values) - min(values) == 4
    if kind == 0 and (flush or straight):
        kind = 8 if flush and straight else 5 if flush else 4
    return kind, ordered


def reference_a5(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """A-5 low sort key from the rules: values 1 (ace) .. 13, suits and straights ignored."""
    return _grouped([c // 4 + 1 for c in cards])


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

    hands5 = [tuple(rng.sample(range(52), 5)) for _ in range(args.hands)]
    low = {
        ranking.name: measure_low(ranking, reference, hands5, args.reference_hands)
        for ranking, reference in ((DEUCE_SEVEN, reference_27), (ACE_FIVE, reference_a5))
    }
    print(
        f"RESULT evals_per_s={fast_rate:.0f} reference_ratio={fast_rate / ref_rate:.1f} "
        + " ".join(f"evals_per_s_{name}={rate:.0f} reference_ratio_{name}={ratio:.1f}"
                   for name, (rate, ratio) in low.items())
    )


def measure_low(ranking: Lowball, reference, hands: list[tuple[int, ...]], reference_hands: int) -> tuple[float, float]:
    """(evals/s of the fast path, ratio to the reference) for one five-card low ranking; exits when the
    fast path orders the reference's sample differently from the reference."""
    fast = ranking.hand_class

    def run_fast() -> float:
        t0 = time.perf_counter()
        for a, b, c, d, e in hands:
            fast(a, b, c, d, e)
        return time.perf_counter() - t0

    fast_s = best_of(3, run_fast)
    fast_rate = len(hands) / fast_s
    print(f"{ranking.title} hand_class: {len(hands):,} hands in {fast_s:.3f} s = {fast_rate:,.0f} evals/s")

    sample = hands[:reference_hands]

    def run_reference() -> float:
        t0 = time.perf_counter()
        for hand in sample:
            reference(hand)
        return time.perf_counter() - t0

    ref_s = best_of(2, run_reference)
    ref_rate = len(sample) / ref_s
    print(f"{ranking.title} reference: {len(sample):,} hands in {ref_s:.3f} s = {ref_rate:,.0f} evals/s")

    t0 = time.perf_counter()
    for hand in sample:
        ranking.evaluate(hand)
    full_rate = len(sample) / (time.perf_counter() - t0)
    print(f"{ranking.title} evaluate() with checks and ordered cards: {full_rate:,.0f} evals/s")

    classes_of: dict[tuple[int, tuple[int, ...]], set[int]] = {}
    for hand in sample:
        classes_of.setdefault(reference(hand), set()).add(fast(*hand))
    in_order = [min(classes_of[value]) for value in sorted(classes_of)]
    split = sum(len(classes) > 1 for classes in classes_of.values())
    if split or in_order != sorted(set(in_order)):
        raise SystemExit(f"{ranking.title}: the fast path disagrees with the reference")
    print(f"{ranking.title}: {len(classes_of):,} distinct values in the sample, ordered as the reference orders them")
    return fast_rate, fast_rate / ref_rate


if __name__ == "__main__":
    main()

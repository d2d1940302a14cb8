"""Rows building speed: simulated hands (6-max fixed limit, seeded) turned into the store's Arrow batch
tables (``rows.add_hand`` + ``Columns.to_arrow``, 1,000 hands a batch as in an import). The hands are
simulated and replayed once, before timing; the replay of the same hands is timed too, as the baseline
the ratio is taken against (rows building is a few per cent of an import; the replay most of it).

Usage: python benchmarks/rows.py [--hands N] [--runs R]
Ends with one line: RESULT hands_per_s=N rows_to_replay=R (CPU time of the best runs).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from badugi.analytics.batch import ARROW_EVERY  # noqa: E402
from badugi.analytics.rows import Columns, add_hand  # noqa: E402
from badugi.engine.replay import replay  # noqa: E402
from badugi.engine.simulate import SimConfig, Simulator, room_view  # noqa: E402


def best_cpu(runs: int, work: object) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5, help="timed runs; the fastest counts")
    args = parser.parse_args()
    hands = [room_view(s.hand) for s in Simulator(SimConfig(players=6), seed=2026).hands(args.hands)]
    replays = [replay(hand) for hand in hands]

    def build() -> None:
        for start in range(0, len(hands), ARROW_EVERY):
            columns = Columns()
            for hand, replayed in zip(hands[start:start + ARROW_EVERY], replays[start:start + ARROW_EVERY]):
                add_hand(columns, hand, replayed)
            columns.to_arrow()

    def replay_all() -> None:
        for hand in hands:
            replay(hand)

    gc.disable()  # as in an import batch (batch.process_hands)
    rows_s = best_cpu(args.runs, build)
    replay_s = best_cpu(args.runs, replay_all)
    gc.enable()
    print(f"rows building: {rows_s / len(hands) * 1e6:.1f} us/hand, replay: {replay_s / len(hands) * 1e6:.1f} us/hand")
    print(f"RESULT hands_per_s={len(hands) / rows_s:.0f} rows_to_replay={rows_s / replay_s:.3f}")


if __name__ == "__main__":
    main()

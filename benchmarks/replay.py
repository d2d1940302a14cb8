"""Replay speed: parsed real hands of one game (../shared/real_hh; Badugi by default, ``--game all`` for
every draw game the folder holds), repeated to at least --hands, replayed on one core. Parsing is done
once, before timing: this measures the replay alone.

Usage: python benchmarks/replay.py [--hands N] [--runs R] [--game badugi|27_triple_draw|...|all]
Ends with one line: RESULT hands_per_s=N (CPU time of the best run; wall time is printed too).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import read_file

REAL_HH = Path(__file__).resolve().parent.parent.parent / "shared" / "real_hh"


def real_hands(game: str = "badugi") -> list[Hand]:
    """The real hands of ``game`` (``all``: of every game)."""
    hands: list[Hand] = []
    for path in sorted(REAL_HH.rglob("*.txt")):
        hands.extend(r for r in read_file(path) if isinstance(r, Hand) and game in ("all", r.game))
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands to replay per run (real hands repeated)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs; the fastest counts")
    parser.add_argument("--game", default="badugi", help="the hands' game (Hand.game), or all")
    args = parser.parse_args()
    base = real_hands(args.game)
    if not base:
        raise SystemExit(f"no real {args.game} hands under {REAL_HH}")
    hands = (base * (args.hands // len(base) + 1))[: args.hands]
    violations = sum(len(replay(h).violations) for h in base)
    print(f"{len(base)} real {args.game} hands ({violations} violations), repeated to {len(hands)}")
    best_cpu = best_wall = float("inf")
    for _ in range(args.runs):
        wall, cpu = time.perf_counter(), time.process_time()
        for hand in hands:
            replay(hand)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    print(f"cpu {best_cpu:.3f}s  wall {best_wall:.3f}s  ({len(hands) / best_wall:,.0f} hands/s wall)")
    print(f"RESULT hands_per_s={len(hands) / best_cpu:.0f}")


if __name__ == "__main__":
    main()

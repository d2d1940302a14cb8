"""Generation throughput: simulate hands and write them as one room's file, reproducibly.

    .venv/bin/python benchmarks/generate.py /tmp/ps200k.txt --hands 200000 --seed 2026 [--mixed]

Writes the file (the same arguments always give the same bytes; the import benchmark reads it) and
prints hands per second. Ends with one line: RESULT hands_per_s=N bytes=B sha256=H
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi.engine.record import Limit  # noqa: E402
from badugi.engine.simulate import SimConfig  # noqa: E402
from badugi.engine.simulate_mix import MixConfig  # noqa: E402
from badugi.parsers.writers.generate import GenerateStats, generate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="file to write")
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--room", default="pokerstars", choices=("pokerstars", "fulltilt", "phh"))
    parser.add_argument("--limit", default="fl", choices=("fl", "pl", "hpl", "nl"))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--mixed", action="store_true",
                        help="many tables' traffic (simulate_mix: a large name pool, mixed stakes, sizes, "
                             "cash and tournaments); --players and --limit are then not used")
    args = parser.parse_args()

    config: SimConfig | MixConfig = (MixConfig(room=args.room) if args.mixed else
                                     SimConfig(room=args.room, players=args.players, limit=Limit(args.limit)))
    stats = GenerateStats()
    digest = hashlib.sha256()
    size = 0
    start = time.perf_counter()
    with args.out.open("wb") as fh:
        for chunk in generate(config, args.seed, args.hands, stats):
            fh.write(chunk)
            digest.update(chunk)
            size += len(chunk)
            if stats.written and stats.written % 20_000 == 0 and len(chunk):
                rate = stats.written / (time.perf_counter() - start)
                print(f"{stats.written} hands, {rate:.0f} hands/s", file=sys.stderr)
    elapsed = time.perf_counter() - start
    rate = stats.written / elapsed
    what = "mixed tables" if args.mixed else f"{args.limit} {args.players} players"
    print(f"{args.room} {what}: {stats.written} hands in {elapsed:.1f} s "
          f"({rate:.0f} hands/s), {size / 1e6:.1f} MB -> {args.out}")
    print(f"RESULT hands_per_s={rate:.0f} bytes={size} sha256={digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()

"""Parse throughput: the real PokerStars files, repeated to at least 20,000 hands, on one core.

Measures the whole reader path (read bytes, decode, split, header parse, grammar, records) from an
in-memory file, so disk speed does not count. Prints hands/s for all hands and for Badugi hands.

    .venv/bin/python benchmarks/parse.py [--hands 20000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi.parsers.reader import read_bytes  # noqa: E402

REAL = ROOT.parent / "shared" / "real_hh" / "pokerstars"
FILES = ["cash__Badugi-USD-0.25-0.50-201009.txt", "tour__LBad-USD-MTT8-201011.txt"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    if not REAL.exists():
        sys.exit(f"real hand histories not found: {REAL}")
    one = b"".join(
        (REAL / name).read_bytes().lstrip(b"\xef\xbb\xbf") + b"\r\n\r\n" for name in FILES)
    per_copy = sum(1 for _ in read_bytes(one))  # also builds the grammar before timing
    copies = -(-args.hands // per_copy)
    data = b"\xef\xbb\xbf" + one * copies
    print(f"input: {len(data) / 1e6:.1f} MB, {per_copy * copies} hands ({copies} copies of {', '.join(FILES)})")
    started, cpu_started = time.perf_counter(), time.process_time()
    kinds: Counter[str] = Counter()
    for result in read_bytes(data, "bench.txt"):
        kinds[type(result).__name__] += 1
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    total = sum(kinds.values())
    print(f"results: {dict(kinds)} in {seconds:.2f} s wall, {cpu:.2f} s CPU (load average {os.getloadavg()[0]:.1f})")
    print(f"hands/s: {total / seconds:,.0f} wall, {total / cpu:,.0f} per CPU second")
    if kinds["ParseFailure"]:
        print("warning: some hands failed to parse", file=sys.stderr)
    # One process on one core: CPU seconds are what it costs; wall time also counts other jobs' load.
    print(f"RESULT hands_per_s={total / cpu:.0f}")


if __name__ == "__main__":
    main()

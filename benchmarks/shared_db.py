"""Import speed with a reader beside it, and how long the reader waits to get into the store.

    .venv/bin/python benchmarks/shared_db.py [--hands 40000] [--jobs 2] [--every 0.5] [--file /tmp/ps40k.txt]

Imports the simulator's PokerStars file (``benchmarks/generate.py``, written once and reused) with
``badugi import`` into a fresh database twice, in its own process as a user runs it: alone, then with a
reader process beside it that, every ``--every`` seconds, opens the store read-only (``Store(...,
read_only=True)``, which queues for the import's next batch boundary), computes the full player table
(``player_stats``, what ``badugi stats`` runs) and closes it. Prints hands/s of both imports and their
ratio, the reader's waits to get in (median, 95th percentile, max) and the time from the start of a read
to its result, which bounds how stale a committed batch can be when the reader asks. Ends with
``RESULT with_reader_ratio=R reader_wait_p95_s=W reader_wait_max_s=M``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

READER = """
import json, sys, time
from pathlib import Path
from badugi.analytics.selection import Selection
from badugi.analytics.stats import player_stats
from badugi.analytics.store import Store
db, stop, every = Path(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3])
while not db.exists() and not stop.exists():
    time.sleep(0.01)
while not stop.exists():
    start = time.perf_counter()
    with Store(db, read_only=True, wait=600) as store:
        opened = time.perf_counter()
        players = player_stats(store.con, Selection()).height
        hands = store.count("hands")
    done = time.perf_counter()
    print(json.dumps({"wait_s": opened - start, "read_s": done - start, "hands": hands, "players": players}),
          flush=True)
    time.sleep(every)
"""


def generate(path: Path, hands: int) -> Path:
    if not path.exists():
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "generate.py"), str(path), "--hands", str(hands),
                        "--seed", "2026"], check=True)
    return path


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_import(source: Path, db: Path, jobs: int) -> tuple[float, int]:
    """Seconds and hands read of one ``badugi import`` into ``db``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "from badugi.cli.main import main; main()", "import", str(source),
                           "--db", str(db), "--jobs", str(jobs), "--json"], capture_output=True, text=True, env=env())
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"import failed ({done.returncode}): {done.stderr}")
    return seconds, json.loads(done.stdout)["totals"]["hands_read"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=40_000)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--every", type=float, default=0.5, help="seconds between the reader's reads")
    parser.add_argument("--file", type=Path, default=None, help="the PokerStars file (generated if missing)")
    args = parser.parse_args()
    source = generate(args.file or Path(tempfile.gettempdir()) / f"ps{args.hands // 1000}k.txt", args.hands)

    with tempfile.TemporaryDirectory() as tmp:
        alone_s, hands = run_import(source, Path(tmp) / "alone.duckdb", args.jobs)
        db, stop = Path(tmp) / "shared.duckdb", Path(tmp) / "stop"
        reader = subprocess.Popen([sys.executable, "-c", READER, str(db), str(stop), str(args.every)],
                                  stdout=subprocess.PIPE, text=True, env=env())
        shared_s, _ = run_import(source, db, args.jobs)
        stop.touch()
        out, _ = reader.communicate(timeout=600)
    if reader.returncode != 0:
        raise SystemExit(f"reader failed ({reader.returncode})")
    reads = [json.loads(line) for line in out.splitlines()]
    during = [r for r in reads if r["hands"] < hands] or reads  # reads made while the import ran
    waits = [r["wait_s"] for r in during]
    totals = [r["read_s"] for r in during]
    print(f"import alone: {hands} hands in {alone_s:.1f} s, {hands / alone_s:,.0f} hands/s ({args.jobs} jobs)")
    print(f"import with a reader every {args.every:g} s: {shared_s:.1f} s, {hands / shared_s:,.0f} hands/s; "
          f"ratio {alone_s / shared_s:.2f}")
    print(f"reader: {len(reads)} reads ({len(during)} while importing, hands seen: "
          f"{', '.join(str(r['hands']) for r in during[:12])}{', ...' if len(during) > 12 else ''})")
    print(f"reader wait to get in: median {statistics.median(waits):.2f} s, p95 {percentile(waits, 0.95):.2f} s, "
          f"max {max(waits):.2f} s; whole read (wait + player table): median {statistics.median(totals):.2f} s, "
          f"max {max(totals):.2f} s")
    print(f"RESULT with_reader_ratio={alone_s / shared_s:.2f} reader_wait_p95_s={percentile(waits, 0.95):.2f} "
          f"reader_wait_max_s={max(waits):.2f}")


if __name__ == "__main__":
    main()

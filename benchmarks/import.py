"""Import throughput and memory: simulated PokerStars hands end to end (decode, split, parse, replay,
store) into a fresh DuckDB database.

    .venv/bin/python benchmarks/import.py [--hands 200000] [--jobs N] [--file /tmp/ps200k.txt]

The hands come from the simulator's ``benchmarks/generate.py`` (one seeded PokerStars file, written
once and reused); the first 50,000 of them are copied to a second file. Each measured import runs in
its own process into a fresh database. Peak memory is the largest PSS (proportional set size: shared
library pages split among the processes mapping them) summed over that process and its pool workers; the
summed RSS, which counts shared pages once per process, is printed beside it. RSS is sampled every 20 ms
(``/proc/PID/statm``, cheap); PSS (``smaps_rollup``, which walks every page table: ~5 ms per 300 MB
process) every 0.5 s and at once whenever the summed RSS reaches a new high, so the sampler does not eat
the CPU the import is measured on, yet sees every peak.
It prints the single-process and parallel runs on 50,000 hands (the ratio) and the full run (memory
must stay flat from 50,000 to 200,000 hands), and ends with
``RESULT hands_per_s=N peak_rss_mb=M`` for the full run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SMALL = 50_000
PSS_EVERY_S = 0.5
HEADER = b"PokerStars Game #"


def generate(path: Path, hands: int, seed: int = 2026) -> Path:
    """The simulator's PokerStars file (benchmarks/generate.py: 6-max $0.25/$0.50 fixed limit, seeded)."""
    if not path.exists():
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "generate.py"), str(path), "--hands", str(hands),
                        "--seed", str(seed)], check=True)
    return path


def first_hands(path: Path, hands: int) -> Path:
    """A copy of the first ``hands`` hands of ``path`` (cut before the next header)."""
    out = path.with_name(f"{path.stem}.first{hands}{path.suffix}")
    if out.exists():
        return out
    with path.open("rb") as src, out.open("wb") as dst:
        seen = 0
        for line in src:
            if line.startswith(HEADER) or line.startswith(b"\xef\xbb\xbf" + HEADER):
                seen += 1
                if seen > hands:
                    break
            dst.write(line)
    return out


TICKS = os.sysconf("SC_CLK_TCK")


def _tree_cpu(pids: list[int], seen: dict[int, float]) -> None:
    """Record the CPU seconds (user + system) used so far by each process."""
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            seen[pid] = (int(fields[11]) + int(fields[12])) / TICKS
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue


PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def _tree(pid: int) -> list[int]:
    """A process and all its descendants (pool workers, the forkserver)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            with open(f"/proc/{current}/task/{current}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


def _tree_rss_kb(pids: list[int]) -> int:
    """Summed RSS in kB (``statm``: cheap enough to read every 20 ms)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as fh:
                total += int(fh.read().split()[1]) * PAGE_KB
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return total


def _tree_pss_kb(pids: list[int]) -> int:
    """Summed PSS in kB: each page shared among the processes mapping it, so libraries the workers
    share are not counted once per worker as in summed RSS."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                for line in fh:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def measure(files: list[Path], jobs: int) -> dict[str, float]:
    """One import of ``files`` into a fresh database, in a child process; returns its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        code = (
            "import json, sys, time\n"
            "from pathlib import Path\n"
            "from badugi.analytics.importer import import_files\n"
            "from badugi.analytics.store import Store\n"
            "files = [Path(p) for p in json.loads(sys.argv[1])]\n"
            "start = time.perf_counter()\n"
            "with Store(sys.argv[2]) as store:\n"
            "    report = import_files(store, files, jobs=int(sys.argv[3]))\n"
            "    rows = store.summary()['tables']\n"
            "print(json.dumps({'seconds': time.perf_counter() - start, **report.totals(), 'rows': rows}))\n"
        )
        proc = subprocess.Popen([sys.executable, "-c", code, json.dumps([str(f) for f in files]),
                                 str(Path(tmp) / "bench.duckdb"), str(jobs)],
                                stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        peak_pss = peak_rss = 0
        cpu: dict[int, float] = {}
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak_pss, peak_rss
            last_pss = 0.0
            while not stop.is_set():
                pids = _tree(proc.pid)
                rss = _tree_rss_kb(pids)
                now = time.monotonic()
                if rss > peak_rss or now - last_pss >= PSS_EVERY_S:
                    peak_pss, last_pss = max(peak_pss, _tree_pss_kb(pids)), now
                peak_rss = max(peak_rss, rss)
                _tree_cpu(pids, cpu)
                time.sleep(0.02)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        out, _ = proc.communicate()
        stop.set()
        sampler.join()
        if proc.returncode != 0:
            raise SystemExit(f"import failed with exit code {proc.returncode}")
        *noise, last = out.strip().splitlines()
        if noise:
            print("\n".join(noise), file=sys.stderr)
        result = json.loads(last)
        result["cpu_seconds"] = sum(cpu.values())  # as last sampled: a lower bound
        result["peak_rss_mb"] = peak_pss / 1024  # proportional: what the import really holds
        result["peak_rss_sum_mb"] = peak_rss / 1024
        result["hands_per_s"] = result["hands_read"] / result["seconds"]
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--file", type=Path, default=None, help="the PokerStars file (generated if missing)")
    args = parser.parse_args()

    full_file = generate(args.file or Path(tempfile.gettempdir()) / f"ps{args.hands // 1000}k.txt", args.hands)
    small_file = first_hands(full_file, min(SMALL, args.hands))
    runs = [("single process, 50k", small_file, 1), (f"{args.jobs} jobs, 50k", small_file, args.jobs),
            (f"{args.jobs} jobs, full", full_file, args.jobs)]
    results = {}
    for name, path, jobs in runs:
        r = measure([path], jobs)
        results[name] = r
        print(f"{name:>20}: {r['hands_read']:>7} hands read, {r['hands_stored']:>7} stored, "
              f"{r['rejects']} rejects, {r['seconds']:.1f} s, {r['hands_per_s']:,.0f} hands/s "
              f"({r['hands_read'] / r['cpu_seconds']:,.0f} hands per CPU-second), "
              f"peak {r['peak_rss_mb']:.0f} MB PSS (summed RSS {r['peak_rss_sum_mb']:.0f} MB), process + workers",
              flush=True)
    full = results[f"{args.jobs} jobs, full"]
    small = results[f"{args.jobs} jobs, 50k"]
    one = results["single process, 50k"]
    print(f"parallel/single ratio (50k hands): {small['hands_per_s'] / one['hands_per_s']:.2f}x with {args.jobs} jobs")
    print(f"memory: {small['peak_rss_mb']:.0f} MB at {small['hands_read']} hands vs "
          f"{full['peak_rss_mb']:.0f} MB at {full['hands_read']} hands")
    print(f"rows: {json.dumps(full['rows'])}")
    print(f"RESULT hands_per_s={full['hands_per_s']:.0f} peak_rss_mb={full['peak_rss_mb']:.0f}")


if __name__ == "__main__":
    main()

"""Import throughput and memory: a realistic simulated PokerStars corpus end to end (decode, split, parse,
replay, store) into a fresh DuckDB database, each figure also as a ratio to this machine's floor.

    .venv/bin/python benchmarks/import.py [--hands 400000] [--jobs N] [--file /tmp/psmix400k.txt]

The hands come from ``benchmarks/generate.py --mixed`` (``engine.simulate_mix``: many tables' traffic, a
20,000-name pool, 2- to 9-max, mixed stakes and limits, cash and tournaments, players leaving and joining;
one seeded file, written once and reused); the first 50,000 of them are copied to a second file.

- The floor: reading, decoding and splitting the same file into hands (no hand read), hands/s in this
  process: what the machine does before any parsing. Every speed is printed as a ratio to it, so figures
  from another machine (or under another load) compare as ratios. Since round 13 the split's compiled module
  cuts UTF-8 files by C scans (3.5x the old floor), so the floor is the pure-Python split
  (``BADUGI_PURE_PYTHON=1``: the line-by-line algorithm every round before used, a yardstick of the machine,
  not of this round's code); the compiled split's rate is printed beside it. Ratios from rounds before 13
  were taken against the compiled old split (somewhat faster than the pure one): compare within one run.
- Memo hit rates: the readers remember lines and blocks of lines by text (``rooms.base.Memo``); how often
  they hit on the real PokerStars files (``../shared/real_hh``, 82 Badugi hands) and on this corpus (its
  first 82 hands, and its first 50,000) is printed (``benchmarks/memo_rates.py``), so the corpus is
  known not to flatter them.
- Each measured import is the ``badugi import FILE --db NEW --jobs N --json`` command a user runs (the
  console script's entry, ``badugi.cli.run``), in its own process into a fresh database. Peak memory is
  the largest PSS (proportional set size: shared library pages split among the processes mapping them)
  summed over that process and its descendants (the pool's fork server and workers, multiprocessing's
  resource tracker); the summed RSS, which counts shared pages once per process, is printed beside it,
  and so is each process's share at the peak. RSS is sampled every 20 ms (``/proc/PID/statm``, cheap);
  PSS (``smaps_rollup``, which walks every page table: ~5 ms per 300 MB process) every 0.5 s and at once
  whenever the summed RSS reaches a new high, so the sampler does not eat the CPU the import is measured
  on, yet sees every peak.

It prints the single-process and parallel runs on 50,000 hands and the full run (memory must stay flat
from 50,000 hands to the full count; with ``--hands 50000`` the parallel run is the full run), the load
average, and ends with
``RESULT hands_per_s=N peak_rss_mb=M floor_ratio=R memo_hit_rate=H`` for the full run (``memo_hit_rate``:
the corpus's first 50,000 hands).
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import memo_rates  # noqa: E402

REAL = ROOT.parent / "shared" / "real_hh" / "pokerstars"
REAL_FILES = ("tour__LBad-USD-MTT8-201011.txt", "cash__Badugi-USD-0.25-0.50-201009.txt")

SMALL = 50_000
PSS_EVERY_S = 0.5
HEADER = b"PokerStars Game #"


def generate(path: Path, hands: int, seed: int = 2026) -> Path:
    """The simulator's realistic PokerStars file (``benchmarks/generate.py --mixed``, seeded)."""
    if not path.exists():
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "generate.py"), str(path), "--hands", str(hands),
                        "--seed", str(seed), "--mixed"], check=True)
    return path


def floor(path: Path, pure: bool = True) -> dict[str, float]:
    """Read, decode and split ``path`` into hands (nothing parsed), in a child process: hands/s (wall) and
    hands per CPU-second, the best of two passes; ``pure``: with the pure-Python split (the yardstick)."""
    code = (
        "import json, sys, time\n"
        "from badugi.parsers.reader import iter_hand_texts\n"
        "best = None\n"
        "for _ in range(2):\n"
        "    start, cpu = time.perf_counter(), time.process_time()\n"
        "    with open(sys.argv[1], 'rb') as fh:\n"
        "        hands = sum(1 for _ in iter_hand_texts(fh))\n"
        "    wall, cpu = time.perf_counter() - start, time.process_time() - cpu\n"
        "    if best is None or wall < best[1]:\n"
        "        best = (hands, wall, cpu)\n"
        "print(json.dumps({'hands': best[0], 'hands_per_s': best[0] / best[1], 'hands_per_cpu_s': best[0] / best[2]}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], check=True, text=True, capture_output=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT),
                                        **({"BADUGI_PURE_PYTHON": "1"} if pure else {})}).stdout
    return json.loads(out.strip().splitlines()[-1])


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
        todo += _children(current)
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


def _tree_pss_kb(pids: list[int]) -> dict[int, int]:
    """Each process's PSS in kB: each page shared among the processes mapping it, so libraries the workers
    share are not counted once per worker as in summed RSS."""
    found = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                for line in fh:
                    if line.startswith("Pss:"):
                        found[pid] = int(line.split()[1])
                        break
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


def _role(pid: int, top: int) -> str:
    """What a process of the import's tree is, by its command line."""
    if pid == top:
        return "importer"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            cmdline = fh.read()
    except (FileNotFoundError, ProcessLookupError):
        return "other"
    if b"resource_tracker" in cmdline:
        return "resource tracker"
    if b"forkserver" in cmdline:
        return "fork server" if pid in _children(top) else "worker"
    return "other"


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(c) for c in fh.read().split()]
    except (FileNotFoundError, ProcessLookupError):
        return []


def measure(files: list[Path], jobs: int) -> dict[str, Any]:
    """One ``badugi import`` of ``files`` into a fresh database, in a child process; returns its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        code = (
            "import sys, time\n"
            "from badugi.cli import run\n"
            "start = time.perf_counter()\n"
            "try:\n"
            "    run()\n"
            "finally:\n"
            "    print(f'seconds={time.perf_counter() - start}', file=sys.stderr)\n"
        )
        proc = subprocess.Popen([sys.executable, "-c", code, "import", *map(str, files), "--db",
                                 str(Path(tmp) / "bench.duckdb"), "--jobs", str(jobs), "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        peak_pss = peak_rss = 0
        at_peak: dict[str, int] = {}
        cpu: dict[int, float] = {}
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak_pss, peak_rss, at_peak
            last_pss = 0.0
            while not stop.is_set():
                pids = _tree(proc.pid)
                rss = _tree_rss_kb(pids)
                now = time.monotonic()
                if rss > peak_rss or now - last_pss >= PSS_EVERY_S:
                    shares, last_pss = _tree_pss_kb(pids), now
                    if sum(shares.values()) > peak_pss:
                        peak_pss = sum(shares.values())
                        at_peak = {}
                        for pid, kb in shares.items():
                            role = _role(pid, proc.pid)
                            at_peak[role] = at_peak.get(role, 0) + kb
                peak_rss = max(peak_rss, rss)
                _tree_cpu(pids, cpu)
                time.sleep(0.02)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        out, err = proc.communicate()
        stop.set()
        sampler.join()
        if proc.returncode != 0:
            raise SystemExit(f"import failed with exit code {proc.returncode}:\n{err[-2000:]}")
        report = json.loads(out)
        result: dict[str, Any] = {**report["totals"], "rows": report["database"]["tables"]}
        result["seconds"] = float(err.strip().splitlines()[-1].removeprefix("seconds="))
        result["cpu_seconds"] = sum(cpu.values())  # as last sampled: a lower bound
        result["peak_rss_mb"] = peak_pss / 1024  # proportional: what the import really holds
        result["peak_rss_sum_mb"] = peak_rss / 1024
        result["at_peak_mb"] = {role: kb / 1024 for role, kb in sorted(at_peak.items())}
        result["hands_per_s"] = result["hands_read"] / result["seconds"]
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400_000)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--file", type=Path, default=None, help="the PokerStars file (generated if missing)")
    args = parser.parse_args()

    import badugi

    full_file = generate(args.file or Path(tempfile.gettempdir()) / f"psmix{args.hands // 1000}k.txt", args.hands)
    small_file = first_hands(full_file, SMALL) if args.hands > SMALL else full_file
    compiled = subprocess.run([sys.executable, "-c", "import badugi; print(len(badugi.compiled_modules()))"],
                              check=True, text=True, capture_output=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.strip()
    pure = os.environ.get("BADUGI_PURE_PYTHON", "") not in ("", "0")
    print(f"corpus: {full_file} ({full_file.stat().st_size / 1e6:.0f} MB); compiled modules: {compiled} of "
          f"{len(badugi.COMPILED)}{' (BADUGI_PURE_PYTHON=1)' if pure else ''}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    rates: dict[str, dict] = {}
    if REAL.exists():
        real = [REAL / name for name in REAL_FILES]
        rates["real files"] = memo_rates.measure(real)
        rates["corpus, same count"] = memo_rates.measure([small_file], rates["real files"]["hands"])
    rates["corpus, 50k"] = memo_rates.measure([small_file], SMALL)
    print("memo hit rates (share of lookups that hit):")
    print(memo_rates.table(rates))
    print("action blocks: " + ", ".join(f"{name} {r['block_rate']:.1%}" for name, r in rates.items()), flush=True)

    base = floor(small_file)
    base_full = floor(full_file) if full_file != small_file else base
    compiled = floor(small_file, pure=False)
    print(f"floor (read + decode + split, one process, the pure-Python split): {base['hands_per_s']:,.0f} hands/s "
          f"on 50k, {base_full['hands_per_s']:,.0f} hands/s on the full file (the compiled split: "
          f"{compiled['hands_per_s']:,.0f} hands/s on 50k)", flush=True)
    runs = [("single process, 50k", small_file, 1, base), (f"{args.jobs} jobs, 50k", small_file, args.jobs, base)]
    if full_file != small_file:
        runs.append((f"{args.jobs} jobs, full", full_file, args.jobs, base_full))
    results = {}
    for name, path, jobs, ref in runs:
        r = measure([path], jobs)
        r["floor_ratio"] = r["hands_per_s"] / ref["hands_per_s"]
        results[name] = r
        shares = ", ".join(f"{role} {mb:.0f}" for role, mb in r["at_peak_mb"].items())
        print(f"{name:>20}: {r['hands_read']:>7} hands read, {r['hands_stored']:>7} stored, "
              f"{r['rejects']} rejects, {r['violations']} violations, {r['seconds']:.1f} s, "
              f"{r['hands_per_s']:,.0f} hands/s = {r['floor_ratio']:.3f} of the floor "
              f"({r['hands_read'] / r['cpu_seconds']:,.0f} hands per CPU-second, {r['cpu_seconds']:.1f} CPU-s), "
              f"peak {r['peak_rss_mb']:.0f} MB PSS (summed RSS {r['peak_rss_sum_mb']:.0f} MB), process + workers "
              f"({shares})", flush=True)
    small = results[f"{args.jobs} jobs, 50k"]
    full = results.get(f"{args.jobs} jobs, full", small)
    one = results["single process, 50k"]
    print(f"parallel/single ratio (50k hands): {small['hands_per_s'] / one['hands_per_s']:.2f}x with {args.jobs} jobs")
    print(f"memory: {small['peak_rss_mb']:.0f} MB at {small['hands_read']} hands vs "
          f"{full['peak_rss_mb']:.0f} MB at {full['hands_read']} hands")
    print(f"rows: {json.dumps(full['rows'])}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(f"RESULT hands_per_s={full['hands_per_s']:.0f} peak_rss_mb={full['peak_rss_mb']:.0f} "
          f"floor_ratio={full['floor_ratio']:.3f} memo_hit_rate={rates['corpus, 50k']['rate']:.3f}")


if __name__ == "__main__":
    main()

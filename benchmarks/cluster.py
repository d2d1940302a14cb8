"""The cluster engine against the local import, on the same simulated input, in one run:

    .venv/bin/python benchmarks/cluster.py [--hands 10000] [--workers 2] [--rounds 3] [--part-hands N]
                                           [--folder /tmp/badugi-cluster-bench]

Three files of the realistic simulated corpus ``benchmarks/import.py`` measures (``engine.simulate_mix``:
many tables' traffic, a 20,000-name pool, 2- to 9-max, mixed stakes, cash and tournaments), three
PokerStars histories of other seeds (the simulator writes mixed traffic for PokerStars only), ``--hands``
each (90,000 hands by default), written once and reused. They go through, each command in its own process:

1. ``badugi import --jobs N`` (the local process pool; the baseline),
2. ``badugi import --cluster local:N`` (dask workers read their byte ranges; this process writes),
3. ``badugi audit --cluster local:N --out DIR`` (the Parquet archive: workers write, no single writer),
4. ``badugi audit --jobs N --out DIR`` (the same archive from the local process pool, no dask).

Wall time includes starting the pool or the LocalCluster; what that start costs alone (an empty pool
and an empty ``local:N`` cluster started and stopped, wall and CPU seconds) is measured first and printed,
so the ratios can be read for any archive size. With ``--rounds N`` the four
commands run N times, each round in another order, and the ratios to the local pool (taken within each
round: on a machine other jobs share, the load changes between rounds) are given as medians. Then the
per-hand costs the plan in docs/scale.md is built on, measured in this process: a worker's parse +
replay + tables, the planner's split, the single writer's DuckDB insert, the bytes a worker sends back
per hand, and the sizes of the input, the database and the archive per hand. Ends with
``RESULT pool_hands_per_s=... cluster_ratio=... parquet_ratio=...`` (ratios to the local pool; medians
over the rounds).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi.analytics.batch import concat_batches, process_hands  # noqa: E402
from badugi.analytics.store import Progress, Store  # noqa: E402
from badugi.engine.simulate_mix import MixConfig  # noqa: E402
from badugi.parsers.reader import HEAD_BYTES, inspect  # noqa: E402
from badugi.parsers.writers.generate import generate  # noqa: E402

FILES = {
    "stars_mixed_a.txt": (MixConfig(room="pokerstars"), 101),
    "stars_mixed_b.txt": (MixConfig(room="pokerstars"), 102),
    "stars_mixed_c.txt": (MixConfig(room="pokerstars"), 103),
}


def make_input(folder: Path, hands: int) -> Path:
    source = folder / f"input-mixed-{hands}"
    source.mkdir(parents=True, exist_ok=True)
    for name, (config, seed) in FILES.items():
        path = source / name
        if not path.exists():
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(b"".join(generate(config, seed, hands)))
            tmp.rename(path)
    return source


TICKS = os.sysconf("SC_CLK_TCK")


def _tree(pid: int) -> list[int]:
    """A process and all its descendants (pool workers, the forkserver, dask nannies and workers)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:  # every thread's children: dask starts its workers from its event-loop thread
            threads = os.listdir(f"/proc/{current}/task")
        except (FileNotFoundError, ProcessLookupError):
            continue
        for thread in threads:
            try:
                with open(f"/proc/{current}/task/{thread}/children") as fh:
                    todo += [int(c) for c in fh.read().split()]
            except (FileNotFoundError, ProcessLookupError):
                continue
    return found


def _cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def run(args: list[str], code: str = "from badugi.cli import run; run()") -> tuple[float, float]:
    """Wall seconds, and CPU seconds of the command and every process under it (sampled every 0.1 s
    from /proc; a process's last tenth of a second before it exits may be missed): on a machine other
    jobs share, the CPU per hand is the steadier measure of what a mode costs. ``code`` is what the
    child runs: by default the ``badugi`` console script's entry (``badugi.cli.run``: only the command's
    own module imported, as a user's ``badugi import`` runs), whose command must print JSON."""
    seen: dict[int, float] = {}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            cpu = _cpu_seconds(pid)
            if cpu is not None:
                seen[pid] = cpu
        time.sleep(0.1)
    stdout, stderr = proc.communicate()
    elapsed = time.perf_counter() - started
    if proc.returncode not in (0, 1):
        raise SystemExit(f"badugi {' '.join(args)} failed:\n{stderr}")
    if args:
        json.loads(stdout)
    return elapsed, sum(seen.values())


CLI_START = ("import badugi.cli as cli\n"
             "if __name__ == '__main__':\n"
             "    cli.ONLY = 'import'\n"
             "    cli.start_early({args!r})\n"
             "    from badugi.cli.main import main\n")
"""What ``badugi import`` does before it starts its workers (``cli.run``): the fork server started early
(``cli.start_early``), then the command's own modules imported beside it."""

CLI_END = "    import gc\n    gc.freeze()\n"
"""What ``cli.run`` does when the command is done, before the interpreter's exit."""

STARTS = {
    "pool": ("an empty local pool (the import's)",
             CLI_START.format(args=["import", ".", "--jobs", "{n}"]) +
             "    from badugi.analytics.pool import make_pool\n"
             "    with make_pool({n}) as pool:\n"
             "        list(pool.map(abs, range({n})))\n" + CLI_END),
    "cluster": ("an empty local:N cluster",
                CLI_START.format(args=["import", ".", "--cluster", "local:{n}"]) +
                "    from badugi.analytics.cluster import connect\n"
                "    with connect('local:{n}') as engine:\n"
                "        list(engine.executor.map(abs, range({n})))\n" + CLI_END),
}
"""What starting and stopping each engine costs with no work, as ``badugi import`` pays it: the console
script's early fork server and the command's imports (``CLI_START``), the workers started and given one
trivial task each, then stopped, and the process's exit (``CLI_END``; the wall time runs until the output
closes: the fork server's exit too)."""


def startup_costs(n: str, rounds: int) -> dict[str, tuple[float, float]]:
    """The median wall and CPU seconds of ``STARTS`` over ``rounds`` runs each, alternating."""
    runs: dict[str, list[tuple[float, float]]] = {kind: [] for kind in STARTS}
    for _ in range(rounds):
        for kind, (_label, code) in STARTS.items():
            runs[kind].append(run([], code.format(n=n)))
    return {kind: (median([r[0] for r in found]), median([r[1] for r in found])) for kind, found in runs.items()}


def per_hand_costs(source: Path, db: Path) -> dict[str, float]:
    """Costs per hand measured in this process on the first file (seconds, bytes)."""
    path = source / "stars_mixed_a.txt"
    data = path.read_bytes()
    head = data[:HEAD_BYTES]
    room = inspect(head)
    with path.open("rb") as fh:
        started = time.perf_counter()
        texts = list(room.split(fh, head, 0, 1))
        split_s = (time.perf_counter() - started) / len(texts)
    n = min(len(texts), 4000)
    started = time.perf_counter()
    batches = [process_hands(texts[i:i + 1000], str(path))[0] for i in range(0, n, 1000)]
    work_s = (time.perf_counter() - started) / n
    shipped = sum(len(pickle.dumps(b, protocol=5)) for b in batches) / n
    tables = concat_batches(batches)
    scratch = db.with_name("writer-probe.duckdb")
    scratch.unlink(missing_ok=True)
    with Store(scratch) as store:
        store.write_batch(concat_batches(batches[:1]), Progress("warm", 0, 0, 0, ""))
        started = time.perf_counter()
        for i in range(1, len(batches)):
            store.write_batch(batches[i], Progress(f"f{i}", 0, 0, 0, ""))
        write_s = (time.perf_counter() - started) / (n - 1000)
    scratch.unlink(missing_ok=True)
    del tables
    return {"split_s": split_s, "work_s": work_s, "write_s": write_s, "shipped_bytes": shipped,
            "text_bytes": len(data) / len(texts)}


MODES = ("pool", "cluster", "parquet", "parquet_pool")


def commands(source: Path, out: Path, n: str, part_hands: int | None) -> dict[str, tuple[str, list[str]]]:
    """Each mode's label and command line (``out`` is emptied before each round)."""
    parts = ["--part-hands", str(part_hands)] if part_hands else []
    return {
        "pool": ("import --jobs (local pool)", ["import", str(source), "--db", str(out / "pool.duckdb"), "--jobs", n, "--json"]),
        "cluster": (f"import --cluster local:{n}",
                    ["import", str(source), "--db", str(out / "cluster.duckdb"), "--cluster", f"local:{n}", "--json"]),
        "parquet": (f"audit --out --cluster local:{n} (Parquet)",
                    ["audit", str(source), "--out", str(out / "parts"), "--cluster", f"local:{n}", *parts, "--json"]),
        "parquet_pool": (f"audit --out --jobs {n} (Parquet, no dask)",
                         ["audit", str(source), "--out", str(out / "parts-pool"), "--jobs", n, *parts, "--json"]),
    }


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30_000, help="hands per file (three files)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the four commands this many times, each round in another order; ratios are "
                             "taken within a round and the median printed (on a shared machine, use 3 or more)")
    parser.add_argument("--part-hands", type=int, default=None, help="the archive's --part-hands (default: badugi's)")
    parser.add_argument("--folder", type=Path, default=Path("/tmp/badugi-cluster-bench"))
    args = parser.parse_args()
    source = make_input(args.folder, args.hands)
    hands = 3 * args.hands
    n = str(args.workers)
    out = args.folder / "runs"
    lines = commands(source, out, n, args.part_hands)
    print(f"input: {hands:,} simulated hands in 3 files ({sum(p.stat().st_size for p in source.iterdir()) / 1e6:.1f} MB), "
          f"{n} workers, each command in its own process (wall time, startup included), {os.cpu_count()} cores")
    starts = startup_costs(n, max(args.rounds, 1))
    for kind, (label, _code) in STARTS.items():
        print(f"start and stop {label:<40} {starts[kind][0]:5.2f} s wall, {starts[kind][1]:5.2f} CPU-s (median)")
    rounds: list[dict[str, tuple[float, float]]] = []
    for number in range(args.rounds):
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        order = MODES[number % len(MODES):] + MODES[:number % len(MODES)]
        load = os.getloadavg()[0]
        measured = {mode: run(lines[mode][1]) for mode in order}
        rounds.append(measured)
        pool_s, pool_cpu = measured["pool"]
        print(f"round {number + 1} (load average {load:.1f} before, {os.getloadavg()[0]:.1f} after; order {', '.join(order)}):")
        for mode in MODES:
            seconds, cpu = measured[mode]
            print(f"  {lines[mode][0]:<44} {seconds:6.1f} s  {hands / seconds:7.0f} hands/s  {pool_s / seconds:5.2f} x local pool"
                  f"   CPU {cpu / hands * 1e3:5.3f} ms/hand ({pool_cpu / cpu:4.2f} x)")
    ratio = {mode: median([r["pool"][0] / r[mode][0] for r in rounds]) for mode in MODES}
    cpu_ratio = {mode: median([r["pool"][1] / r[mode][1] for r in rounds]) for mode in MODES}
    pool_speed = median([hands / r["pool"][0] for r in rounds])
    if args.rounds > 1:
        print(f"median of {args.rounds} rounds (ratio to the same round's local pool): "
              + ", ".join(f"{mode} {ratio[mode]:.2f} (CPU {cpu_ratio[mode]:.2f})" for mode in MODES[1:]))
    costs = per_hand_costs(source, out / "pool.duckdb")
    parquet_bytes = sum(p.stat().st_size for p in (out / "parts").rglob("*.parquet"))
    parquet_files = sum(1 for _ in (out / "parts").rglob("*.parquet"))
    db_bytes = (out / "pool.duckdb").stat().st_size
    print("per hand, measured here (one process):")
    print(f"  worker: parse + replay + tables   {costs['work_s'] * 1e3:6.3f} ms  ({1 / costs['work_s']:,.0f} hands/s per core)")
    print(f"  planner: split (client, import)   {costs['split_s'] * 1e3:6.3f} ms  ({1 / costs['split_s']:,.0f} hands/s)")
    print(f"  single writer: DuckDB insert      {costs['write_s'] * 1e3:6.3f} ms  ({1 / costs['write_s']:,.0f} hands/s)")
    print(f"  hand text read by a worker        {costs['text_bytes']:8.0f} bytes")
    print(f"  tables sent back to the client    {costs['shipped_bytes']:8.0f} bytes (pickled Arrow: a remote scheduler's import; local:N workers spool them to files)")
    print(f"  DuckDB database                   {db_bytes / hands:8.0f} bytes")
    print(f"  Parquet archive (zstd)            {parquet_bytes / hands:8.0f} bytes ({parquet_files} Parquet files)")
    print(f"RESULT pool_hands_per_s={pool_speed:.0f} cluster_ratio={ratio['cluster']:.2f} "
          f"parquet_ratio={ratio['parquet']:.2f} parquet_pool_ratio={ratio['parquet_pool']:.2f} "
          f"cluster_cpu_ratio={cpu_ratio['cluster']:.2f} parquet_cpu_ratio={cpu_ratio['parquet']:.2f} rounds={args.rounds} "
          f"work_ms={costs['work_s'] * 1e3:.3f} write_ms={costs['write_s'] * 1e3:.3f} split_ms={costs['split_s'] * 1e3:.3f} "
          f"parquet_bytes_per_hand={parquet_bytes / hands:.0f} "
          f"start_pool_s={starts['pool'][0]:.2f} start_cluster_s={starts['cluster'][0]:.2f}")


if __name__ == "__main__":
    main()

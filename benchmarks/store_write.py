"""The store's write path alone: CPU and memory of ``Store.write_batch`` as an import commits, for several
DuckDB settings side by side.

    .venv/bin/python benchmarks/store_write.py [--hands 400000] [--file /tmp/perf_mix20k.txt]
        [--row-groups 16384,32768] [--memory 48MB,64MB]

The rows are real: the first 4,000 hands of a PokerStars file (the realistic mixed corpus by default) are
parsed and replayed once into one commit's Arrow tables (``batch.process_hands``), then written again and
again with new hand ids (the id with ``-N`` appended) until ``--hands`` hands are stored, each time with
the file's progress, as an import commits ``COMMIT_HANDS`` hands. Each setting runs in its own process on
a fresh database and prints the CPU seconds of the writes, the largest anonymous memory of the process
in each tenth of the run (what the writer holds: DuckDB's buffer pool, its metadata, the batch) and the
database's size. Settings are ``store.ROW_GROUP_SIZE`` x ``store.WRITE_MEMORY_LIMIT``, taken in turn
twice (CPU is noisy on a shared machine: compare within one run).

Ends with ``RESULT cpu_s=C start_mb=S end_mb=E`` for the first setting given (by default the ones in force).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUP = 4000

_CHILD = r"""
import itertools, json, os, pickle, sys, time
import pyarrow as pa
import pyarrow.compute as pc
from badugi.analytics import store as store_module
from badugi.analytics.store import Progress, Store

def anon_mb():
    with open("/proc/self/smaps_rollup") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("Anonymous:")) / 1024

tables_file, db, hands, row_groups, memory = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
if row_groups != "-":
    store_module.ROW_GROUP_SIZE = int(row_groups)
if memory != "-":
    store_module.WRITE_MEMORY_LIMIT = memory
with open(tables_file, "rb") as fh:
    tables = pickle.load(fh)
group = tables["hands"].num_rows
commits = hands // group
tenth = max(commits // 10, 1)
peaks, cpu = [], 0.0
with Store(db) as store:
    for n in range(commits):
        suffix = pa.scalar(f"-{n}")
        batch = {}
        for name, table in tables.items():
            if "room_hand_id" in table.column_names and table.num_rows:
                at = table.schema.get_field_index("room_hand_id")
                table = table.set_column(at, "room_hand_id", pc.binary_join_element_wise(table.column(at), suffix, ""))
            batch[name] = table
        start = time.process_time()
        store.write_batch(batch, Progress("bench", 10**12, (n + 1) * 1000, (n + 1) * 100, "x"))
        cpu += time.process_time() - start
        if n % tenth == 0:
            peaks.append(0.0)
        peaks[-1] = max(peaks[-1], anon_mb())
print(json.dumps({"cpu_s": cpu, "peaks": peaks, "db_mb": os.path.getsize(db) / 2**20, "hands": commits * group,
                  "row_groups": store_module.ROW_GROUP_SIZE, "memory": store_module.WRITE_MEMORY_LIMIT}))
"""

_TABLES = r"""
import itertools, pickle, sys
from badugi.analytics.batch import process_hands
from badugi.parsers.reader import iter_hand_texts
with open(sys.argv[1], "rb") as fh:
    texts = tuple(itertools.islice(iter_hand_texts(fh), int(sys.argv[3])))
with open(sys.argv[2], "wb") as out:
    pickle.dump(process_hands(texts, sys.argv[1])[0], out)
"""


def _run(code: str, *args: str) -> str:
    return subprocess.run([sys.executable, "-c", code, *args], check=True, text=True, capture_output=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400_000)
    parser.add_argument("--file", type=Path, default=Path(tempfile.gettempdir()) / "perf_mix20k.txt")
    parser.add_argument("--row-groups", default="", help="row group sizes to compare (default: the one in force)")
    parser.add_argument("--memory", default="", help="write memory limits to compare (default: the one in force)")
    args = parser.parse_args()
    if not args.file.exists():
        raise SystemExit(f"{args.file} missing: make it with benchmarks/generate.py --mixed")
    settings = [(r, m) for r in (args.row_groups.split(",") if args.row_groups else ["-"])
                for m in (args.memory.split(",") if args.memory else ["-"])]
    with tempfile.TemporaryDirectory() as tmp:
        tables = Path(tmp) / "tables.pickle"
        _run(_TABLES, str(args.file), str(tables), str(GROUP))
        results: dict[tuple[str, str], list[dict]] = {s: [] for s in settings}
        for _ in range(2):
            for setting in settings:
                db = Path(tmp) / "bench.duckdb"
                for leftover in (db, Path(f"{db}.wal")):
                    leftover.unlink(missing_ok=True)
                results[setting].append(json.loads(_run(_CHILD, str(tables), str(db), str(args.hands), *setting)))
    for setting, runs in results.items():
        first = runs[0]
        cpu = " / ".join(f"{r['cpu_s']:.1f}" for r in runs)
        peaks = " ".join(f"{max(p):.0f}" for p in zip(*(r["peaks"] for r in runs)))
        print(f"row groups {first['row_groups']:>6,}, memory limit {first['memory']:>5}: {cpu} s CPU for "
              f"{first['hands']:,} hands, anonymous memory by tenths {peaks} MB, file {first['db_mb']:.0f} MB")
    runs = results[settings[0]]  # the first setting given (by default the one in force)
    print(f"RESULT cpu_s={min(r['cpu_s'] for r in runs):.1f} start_mb={max(r['peaks'][0] for r in runs):.0f} "
          f"end_mb={max(r['peaks'][-1] for r in runs):.0f}")


if __name__ == "__main__":
    main()

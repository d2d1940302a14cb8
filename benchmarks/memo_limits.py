"""The readers' memo limits: hit rate against memory, over one import worker's life.

    .venv/bin/python benchmarks/memo_limits.py [FILE] [--jobs 2]

A pool worker reads every ``jobs``-th task of ``CHUNK_HANDS`` hands for as long as the import runs
(``analytics.pool``: workers are not retired); its memos are full long before ``LIFE_TASKS`` tasks, whose
hit rates and memory stand for the rest of its life. This replays that life in a fresh process (``BADUGI_MEMO_STATS=1``), records every memo lookup, then simulates each
memo emptied at several limits (``Memo`` empties itself when full) and prints, per memo and limit, the
share of lookups that hit and the memory its entries hold at most (the text, the value and the dict slot;
objects shared between entries counted once; a block's line values are the line memo's). A miss's extra
cost is the reader's time on the memo's first keys, so the extra misses of a smaller limit convert to
microseconds per hand. Then two more worker lives measure the memory a worker really holds at its end
(anonymous memory: ``/proc/self/smaps_rollup``) with the limits in force and with them 5 times larger.

Ends with ``RESULT hit_rate=H memo_mb=M worker_mb=W worker_mb_5x=W5`` (all memos, at the limits in force).
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
DEFAULT_FILE = Path(tempfile.gettempdir()) / "psmix400k.first50000.txt"

_LIFE = r"""
import itertools, json, os, sys, time
from badugi.analytics.importer import CHUNK_HANDS
LIFE_TASKS = 25
from badugi.parsers.reader import HEAD_BYTES, inspect
from badugi.parsers.rooms import base
path, jobs, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
keys, sizes, seen = {}, {}, set()

def deep(obj):
    # bytes of obj and what it holds, each object counted once in the whole run
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, (tuple, list)):
        size += sum(deep(item) for item in obj)
    elif not isinstance(obj, (str, bytes, int, float, bool, type(None))):
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    size += deep(getattr(obj, slot))
        if hasattr(obj, "__dict__"):
            size += deep(obj.__dict__)
    return size

if mode == "record":
    counting_get, counting_read = base.CountingMemo.get, base.CountingMemo.read

    def get(self, text, default=None):
        keys.setdefault(self.name, []).append(hash(text))
        return counting_get(self, text, default)

    def read(self, text):
        value = counting_read(self, text)
        total = sizes.setdefault(self.name, [0, 0])
        if total[1] < 5000:  # the first entries' sizes: a block's line values belong to the line memo
            total[0] += deep(text) + (sys.getsizeof(value) if self.name.endswith("_blocks") else deep(value))
            total[1] += 1
        return value

    base.CountingMemo.get, base.CountingMemo.read = get, read
else:
    scale = float(mode)
    for memo in base.MEMOS.values():
        memo.limit = int(memo.limit * scale)

from badugi.analytics.batch import process_hands

with open(path, "rb") as fh:
    head = fh.read(HEAD_BYTES)
    fh.seek(0)
    pieces = inspect(head).split(fh, head, 0, 1)
    cpu = 0.0
    for task in range(LIFE_TASKS * jobs):
        texts = tuple(itertools.islice(pieces, CHUNK_HANDS))
        if task % jobs == 0:
            start = time.process_time()
            process_hands(texts, path)
            cpu += time.process_time() - start
out = {"hands": CHUNK_HANDS * LIFE_TASKS, "cpu_s": cpu}
if mode == "record":
    miss_us = {}
    for name, memo in base.MEMOS.items():
        sample = list(memo)[:2000]
        if sample:
            best = None
            for _ in range(3):
                start = time.process_time()
                for text in sample:
                    memo.reader(text)
                took = (time.process_time() - start) / len(sample) * 1e6
                best = took if best is None else min(best, took)
            miss_us[name] = best
    slot = {name: sys.getsizeof(memo) / max(len(memo), 1) for name, memo in base.MEMOS.items()}
    out.update(keys=keys, limits={name: memo.limit for name, memo in base.MEMOS.items()}, miss_us=miss_us,
               entry_bytes={name: total / n + slot[name] for name, (total, n) in sizes.items()})
else:
    with open("/proc/self/smaps_rollup") as fh:
        out["anon_mb"] = next(int(line.split()[1]) for line in fh if line.startswith("Anonymous:")) / 1024
json.dump(out, sys.stdout)
"""


def life(path: Path, jobs: int, mode: str) -> dict:
    """One worker's life over ``path`` in a fresh process: ``record`` the lookups, or a limit scale."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **({"BADUGI_MEMO_STATS": "1"} if mode == "record" else {})}
    out = subprocess.run([sys.executable, "-c", _LIFE, str(path), str(jobs), mode], check=True, text=True,
                         capture_output=True, cwd=ROOT, env=env).stdout
    return json.loads(out)


def simulate(keys: list[int], limit: int) -> tuple[int, int]:
    """(hits, most entries held) of a memo emptied when it holds ``limit`` entries, as ``Memo`` does."""
    held: set[int] = set()
    hits = most = 0
    for key in keys:
        if key in held:
            hits += 1
            continue
        if len(held) >= limit:
            held.clear()
        held.add(key)
        most = max(most, len(held))
    return hits, most


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE,
                        help="a PokerStars file (default: the realistic corpus's first 50,000 hands)")
    parser.add_argument("--jobs", type=int, default=2, help="pool workers the tasks are shared among")
    args = parser.parse_args()
    if not args.file.exists():
        raise SystemExit(f"{args.file} missing: make it with benchmarks/import.py (or generate.py --mixed)")
    rec = life(args.file, args.jobs, "record")
    hands = rec["hands"]
    print(f"one worker's life: {hands:,} hands of {args.file} (one task in {args.jobs})")
    scales = (0.1, 0.2, 0.5, 1, 2, 5)
    print(f"{'memo':<34}{'lookups':>9}{'miss us':>8}{'B/entry':>8}  " +
          "".join(f"{'x' + format(s, 'g'):>17}" for s in scales) + "   (hit rate, MB held; x1 = the limit in force)")
    all_hits = all_lookups = 0
    held_mb = 0.0
    for name, keys in sorted(rec["keys"].items(), key=lambda item: -len(item[1])):
        limit, per = rec["limits"][name], rec["entry_bytes"].get(name, 0.0)
        cells = []
        for scale in scales:
            hits, most = simulate(keys, max(1, int(limit * scale)))
            cells.append(f"{hits / len(keys):6.1%} {most * per / 1e6:5.1f} MB")
            if scale == 1:
                all_hits += hits
                held_mb += most * per / 1e6
                base_hits = hits
        more = simulate(keys, 10**12)[0] - base_hits
        print(f"{name + ' ' + format(limit, ','):<34}{len(keys):>9}{rec['miss_us'].get(name, 0):>8.2f}{per:>8.0f}  "
              + "".join(f"{c:>17}" for c in cells)
              + f"   unbounded: +{more * rec['miss_us'].get(name, 0) / hands:.2f} us/hand saved")
        all_lookups += len(keys)
    small, large = life(args.file, args.jobs, "1"), life(args.file, args.jobs, "5")
    print(f"all memos at the limits in force: {all_hits / all_lookups:.1%} of {all_lookups:,} lookups hit, "
          f"entries hold ~{held_mb:.0f} MB at most")
    print(f"a worker at the end of its life: {small['anon_mb']:.0f} MB anonymous memory with the limits in force, "
          f"{large['anon_mb']:.0f} MB with them 5 times larger (CPU {small['cpu_s'] / hands * 1e6:.0f} against "
          f"{large['cpu_s'] / hands * 1e6:.0f} us a hand: one run each, noisy)")
    print(f"RESULT hit_rate={all_hits / all_lookups:.3f} memo_mb={held_mb:.0f} worker_mb={small['anon_mb']:.0f} "
          f"worker_mb_5x={large['anon_mb']:.0f}")


if __name__ == "__main__":
    main()

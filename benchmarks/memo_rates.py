"""How often the readers' and the engine's memos hit, on given files: each file set read and replayed in
a fresh process with ``BADUGI_MEMO_STATS=1`` (the memos count their lookups; off, they cost nothing).

    .venv/bin/python benchmarks/memo_rates.py FILE... [--hands N]

Prints each memo's lookups and hit rate and ends with ``RESULT memo_hit_rate=R block_hit_rate=B``:
``memo_hit_rate`` is all hits over all lookups (the readers' text memos and the engine's ``lru_cache``s,
read through ``cache_info()``), ``block_hit_rate`` that of the PokerStars action blocks (whole runs of
``name: verb`` lines, the memo that gains most from repeated tables). Used by ``benchmarks/import.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, sys
from pathlib import Path
from badugi.engine import awards, checks_showdown
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import read_file
from badugi.parsers.rooms.base import memo_stats
limit = int(sys.argv[1])
hands = 0
for name in sys.argv[2:]:
    for result in read_file(Path(name)):
        if isinstance(result, Hand):
            replay(result)
            hands += 1
            if hands >= limit:
                break
    if hands >= limit:
        break
stats = {name: list(counts) for name, counts in memo_stats().items()}
for name, cached in (("engine.hand_class", awards.hand_class), ("engine.parse_label", checks_showdown._parse_label)):
    if hasattr(cached, "cache_info"):  # (hand_class has no memo since round 15: evaluated in C each time)
        info = cached.cache_info()
        stats[name] = [info.hits + info.misses, info.hits]
print(json.dumps({"hands": hands, "memos": stats}))
"""


def measure(files: list[Path], hands: int = 10**9) -> dict:
    """Read and replay up to ``hands`` hands of ``files`` (in order) in a fresh process counting memo hits:
    ``{"hands": n, "memos": {name: [lookups, hits]}, "rate": all hits / all lookups, "block_rate": ...}``."""
    out = subprocess.run([sys.executable, "-c", _CHILD, str(hands), *map(str, files)], check=True, text=True,
                         capture_output=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "BADUGI_MEMO_STATS": "1"}).stdout
    result = json.loads(out.strip().splitlines()[-1])
    memos = result["memos"]
    lookups = sum(n for n, _ in memos.values())
    hits = sum(h for _, h in memos.values())
    result["rate"] = hits / lookups if lookups else 0.0
    blocks = memos.get("pokerstars.act_blocks", [0, 0])
    result["block_rate"] = blocks[1] / blocks[0] if blocks[0] else 0.0
    return result


def table(results: dict[str, dict]) -> str:
    """The memos' hit rates side by side, one column per measured file set."""
    names = sorted({name for r in results.values() for name, (n, _) in r["memos"].items() if n})
    head = f"{'memo':<34}" + "".join(f"{label:>26}" for label in results)
    lines = [head]
    for name in names:
        cells = []
        for r in results.values():
            n, h = r["memos"].get(name, [0, 0])
            cells.append(f"{h / n:>7.1%} of {n:>9,} lookups" if n else f"{'-':>26}")
        lines.append(f"{name:<34}" + "".join(f"{c:>26}" for c in cells))
    lines.append(f"{'all memos':<34}" + "".join(f"{r['rate']:>7.1%} ({r['hands']:>7,} hands)    " for r in results.values()))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--hands", type=int, default=10**9)
    args = parser.parse_args()
    result = measure(args.files, args.hands)
    print(table({"files": result}))
    print(f"RESULT memo_hit_rate={result['rate']:.3f} block_hit_rate={result['block_rate']:.3f}")


if __name__ == "__main__":
    main()

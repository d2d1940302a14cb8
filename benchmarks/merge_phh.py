"""Merge XML reading and PHH writing/reading speed, and Merge's memory staying flat in the number of games.

Builds a Merge file of N games from the real pot-limit Badugi sample (game ids renumbered) in a temp
folder, then times: Merge XML -> Hand, Hand -> PHH text, PHH text -> Hand.

Usage: python benchmarks/merge_phh.py [--games N]
Ends with one line: RESULT merge_hands_per_s=A phh_write_hands_per_s=B phh_read_hands_per_s=C merge_peak_mib=D
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from badugi.engine.record import Hand
from badugi.parsers.phh import read_phh_text, write_phhs
from badugi.parsers.rooms.merge import read_merge_file

SAMPLE = Path(__file__).resolve().parents[2] / "shared/real_hh/merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt"


def build(games: int, folder: Path) -> Path:
    text = SAMPLE.read_bytes().decode("utf-8")
    description, game = text.split("\n", 1)
    target = folder / "many.xml"
    with open(target, "w", encoding="utf-8", newline="") as handle:
        handle.write(description + "\n")
        for number in range(games):
            handle.write(game.replace("31274465-32", f"31274465-{number}"))
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    args = parser.parse_args()
    if not SAMPLE.exists():
        sys.exit(f"missing real sample: {SAMPLE}")
    with tempfile.TemporaryDirectory() as folder:
        path = build(args.games, Path(folder))
        start = time.perf_counter()
        hands = [r for r in read_merge_file(path) if isinstance(r, Hand)]
        merge_rate = len(hands) / (time.perf_counter() - start)
        assert len(hands) == args.games
        start = time.perf_counter()
        text = write_phhs(hands)
        write_rate = len(hands) / (time.perf_counter() - start)
        start = time.perf_counter()
        again = sum(isinstance(r, Hand) for r in read_phh_text(text, "many.phhs"))
        read_rate = again / (time.perf_counter() - start)
        assert again == args.games
        del hands, text
        tracemalloc.start()
        count = sum(1 for _ in read_merge_file(path))  # streaming: nothing kept
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        assert count == args.games
    print(f"games={args.games} merge={merge_rate:,.0f} hands/s phh write={write_rate:,.0f} hands/s "
          f"phh read={read_rate:,.0f} hands/s merge streaming peak={peak:.2f} MiB")
    print(f"RESULT merge_hands_per_s={merge_rate:.0f} phh_write_hands_per_s={write_rate:.0f} "
          f"phh_read_hands_per_s={read_rate:.0f} merge_peak_mib={peak:.2f}")


if __name__ == "__main__":
    main()

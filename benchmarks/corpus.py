"""Reading a real player's folder: every file of ``../shared/real_hh_corpus`` (264 files, every game four rooms
wrote, summaries included), on one core, several rounds.

Prints hands/s over all hands (skipped ones included), and what a hand costs by what became of it: a
skipped hand (classified from its first line) against a parsed Badugi hand, and both against the floor
of this machine in the same run (reading, decoding and splitting the same files into hands, nothing
parsed). Skipping must cost far less than parsing. The tournament summary files are timed apart (they
are read, not split into hands): summary lines/s against their own split-only floor.

    .venv/bin/python benchmarks/corpus.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi.engine.record import Hand  # noqa: E402
from badugi.parsers.reader import HEAD_BYTES, inspect, read_bytes, read_piece, walk  # noqa: E402
from badugi.parsers.results import FileSkipped, Skipped  # noqa: E402
from badugi.parsers.tournaments import SummaryReader  # noqa: E402

CORPUS = ROOT.parent / "shared" / "real_hh_corpus"


def split_only(files: list[tuple[str, bytes]]) -> int:
    """The floor: recognise each file and cut it into hands (no hand read)."""
    count = 0
    for name, data in files:
        room = inspect(data[:HEAD_BYTES])
        if isinstance(room, FileSkipped):
            continue
        count += sum(1 for _ in room.split(io.BytesIO(data), data[:HEAD_BYTES]))
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not CORPUS.exists():
        sys.exit(f"real corpus not found: {CORPUS}")
    everything = [(str(p), p.read_bytes()) for p in walk([CORPUS])]
    summaries = [(n, d) for n, d in everything if isinstance(inspect(d[:HEAD_BYTES]), SummaryReader)]
    files = [(n, d) for n, d in everything if not isinstance(inspect(d[:HEAD_BYTES]), SummaryReader)]
    kinds: Counter[str] = Counter(type(r).__name__ for name, data in everything for r in read_bytes(data, name))
    hands = kinds["Hand"] + kinds["Skipped"] + kinds["ParseFailure"]
    print(f"input: {len(everything)} files, {sum(len(d) for _, d in everything) / 1e6:.1f} MB: {dict(kinds)} "
          f"(load average {os.getloadavg()[0]:.1f}); {len(summaries)} summary files "
          f"({sum(len(d) for _, d in summaries) / 1e6:.1f} MB) timed apart")

    cpu = time.process_time()
    for _ in range(args.rounds):
        split_only(files)
    floor = (time.process_time() - cpu) / args.rounds

    cpu = time.process_time()
    for _ in range(args.rounds):
        for name, data in files:
            for _result in read_bytes(data, name):
                pass
    whole = (time.process_time() - cpu) / args.rounds

    # per hand by outcome: the split pieces read again on their own, timed by what they became
    pieces = []
    for name, data in files:
        room = inspect(data[:HEAD_BYTES])
        if not isinstance(room, FileSkipped):
            pieces.extend((name, piece) for piece in room.split(io.BytesIO(data), data[:HEAD_BYTES]))
    cost: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for _ in range(args.rounds):
        for name, piece in pieces:
            started = time.perf_counter()
            result = read_piece(piece, name)
            spent = time.perf_counter() - started
            kind = "parsed" if isinstance(result, Hand) else "skipped" if isinstance(result, Skipped) else "other"
            cost[kind] += spent
            seen[kind] += 1
    skip_us = 1e6 * cost["skipped"] / max(seen["skipped"], 1)
    parse_us = 1e6 * cost["parsed"] / max(seen["parsed"], 1)
    print(f"floor (recognise + split): {hands / floor:,.0f} hands/s; whole read: {hands / whole:,.0f} hands/s "
          f"= {floor / whole:.2f} of the floor")
    print(f"per hand: skipped {skip_us:.1f} us, parsed Badugi {parse_us:.1f} us "
          f"(a skip costs {skip_us / parse_us:.3f} of a parse)")
    lines = sum(d.count(b"\n") for _, d in summaries)
    cpu = time.process_time()
    for _ in range(args.rounds):
        split_only(summaries)
    summary_floor = (time.process_time() - cpu) / args.rounds
    cpu = time.process_time()
    for _ in range(args.rounds):
        for name, data in summaries:
            for _result in read_bytes(data, name):
                pass
    summary_whole = (time.process_time() - cpu) / args.rounds
    print(f"summaries: {kinds['TournamentSummary']} in {len(summaries)} files, {lines:,} lines: "
          f"{lines / summary_whole:,.0f} lines/s = {summary_floor / summary_whole:.2f} of their split-only floor")
    print(f"RESULT hands_per_s={hands / whole:.0f} floor_ratio={floor / whole:.3f} "
          f"skip_to_parse={skip_us / parse_us:.3f} summary_lines_per_s={lines / summary_whole:.0f} "
          f"summary_floor_ratio={summary_floor / summary_whole:.3f}")


if __name__ == "__main__":
    main()

"""Full Tilt and KingsClub parsing speed: text of one hand -> Hand, on one core.

Full Tilt: hands the simulator wrote with the Full Tilt writer (6-max, so a realistic mix of short and
long hands) plus the two real Badugi hands; KingsClub: the real Badugi hand. Each set is parsed
repeatedly until at least ``--hands`` hands were read. Decoding and splitting are not timed.

Usage: python benchmarks/parse_fulltilt_kingsclub.py [--hands N]
Ends with one line: RESULT fulltilt_hands_per_s=A fulltilt_lines_per_s=B kingsclub_hands_per_s=C
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from badugi.engine.record import Hand
from badugi.engine.simulate import SimConfig, Simulator
from badugi.parsers.rooms import fulltilt, kingsclub
from badugi.parsers.writers import fulltilt as fulltilt_writer
from badugi.parsers.writers.base import UnsupportedByRoom

REAL = Path(__file__).resolve().parents[2] / "shared" / "real_hh"
FULLTILT_REAL = ("fulltilt/cash__Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt",
                 "fulltilt/cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt")
KINGSCLUB_REAL = "kingsclub/cash__Badugi-Limit-USD-30-60-202010.txt"


def decode(data: bytes) -> str:
    text = data.decode("utf-16") if data[:2] == b"\xff\xfe" else data.decode("utf-8-sig")
    return text.replace("\r\n", "\n").rstrip("\n") + "\n"


def fulltilt_texts() -> list[str]:
    texts = [decode((REAL / name).read_bytes()) for name in FULLTILT_REAL if (REAL / name).exists()]
    for played in Simulator(SimConfig(room="fulltilt", players=6), seed=7).hands(500):
        try:
            texts.append(fulltilt_writer.write_hand(played.hand).replace("\r\n", "\n"))
        except UnsupportedByRoom:
            continue
    return texts


def rate(parse, texts: list[str], hands: int) -> tuple[float, float]:
    """(hands/s, lines/s) over enough passes to read ``hands`` hands."""
    for text in texts:  # build the grammars first; check every text reads
        assert isinstance(parse(text), Hand)
    passes = max(1, -(-hands // len(texts)))
    lines = sum(text.count("\n") for text in texts) * passes
    start = time.perf_counter()
    for _ in range(passes):
        for text in texts:
            parse(text)
    elapsed = time.perf_counter() - start
    return passes * len(texts) / elapsed, lines / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    ft_hands, ft_lines = rate(fulltilt.parse_hand, fulltilt_texts(), args.hands)
    print(f"fulltilt: {ft_hands:,.0f} hands/s, {ft_lines:,.0f} lines/s")
    kc_path = REAL / KINGSCLUB_REAL
    kc_hands = rate(kingsclub.parse_hand, [decode(kc_path.read_bytes())], args.hands)[0] if kc_path.exists() else 0.0
    print(f"kingsclub: {kc_hands:,.0f} hands/s")
    print(f"RESULT fulltilt_hands_per_s={ft_hands:.0f} fulltilt_lines_per_s={ft_lines:.0f} "
          f"kingsclub_hands_per_s={kc_hands:.0f}")


if __name__ == "__main__":
    main()

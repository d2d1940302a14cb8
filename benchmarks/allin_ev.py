"""All-in EV cost: heads-up simulated hands on short stacks (most end all in with draws to come), replayed
with the EV and, as the baseline in the same run, with the EV left out (``facts.hand_ev`` answering
"no draw left" for every hand). Hands are simulated once, before timing; the first timed pass fills the
EV's memo (``allin_policy``), so the best run is the steady state of a long import, the first the cost
of a fresh process.

Usage: python benchmarks/allin_ev.py [--hands N] [--runs R] [--game GAME]
Ends with one line: RESULT ev_hands=N ms_per_ev_hand=M replay_ratio=R (CPU time of the best runs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from badugi.engine import facts  # noqa: E402
from badugi.engine.policies import make_policy  # noqa: E402
from badugi.engine.replay import replay  # noqa: E402
from badugi.engine.simulate import SimConfig, Simulator  # noqa: E402


def timed(hands: list, runs: int) -> tuple[float, float]:
    """(first run, best run) CPU seconds replaying ``hands``."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        for hand in hands:
            replay(hand)
        times.append(time.process_time() - start)
    return times[0], min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default="badugi")
    args = parser.parse_args()
    policies = tuple(make_policy(p) for p in ("maniac", "station"))
    config = SimConfig(room="pokerstars", game=args.game, players=2, policies=policies, short_stack_share=1.0)
    hands = [s.hand for s in Simulator(config, 1).hands(args.hands)]
    keep = facts.hand_ev
    facts.hand_ev = lambda w, s: None  # type: ignore[assignment]
    try:
        _, base = timed(hands, args.runs)
    finally:
        facts.hand_ev = keep
    first, best = timed(hands, args.runs)
    with_ev = sum(1 for h in hands if any(f.ev_method for f in replay(h).players))
    per_hand = (best - base) / max(with_ev, 1) * 1000
    print(f"{len(hands)} {args.game} hands, {with_ev} with an EV; replay cpu {base:.2f}s without the EV, "
          f"{best:.2f}s with it (first run {first:.2f}s)")
    print(f"RESULT ev_hands={with_ev} ms_per_ev_hand={per_hand:.2f} replay_ratio={best / base:.2f}")


if __name__ == "__main__":
    main()

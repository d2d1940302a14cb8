"""``facts._rake_shares``: the small-number path (C integers once compiled) gives the plain arithmetic's shares."""

from __future__ import annotations

import random

from badugi.engine.facts import _rake_shares


def _plain(total_in: list[int], rake: int) -> list[int]:
    """The largest-remainder split written out (the reference)."""
    pot = sum(total_in)
    if rake <= 0 or pot <= 0:
        return [0] * len(total_in)
    shares = [rake * x // pot for x in total_in]
    remainders = [rake * x % pot for x in total_in]
    for _ in range(rake - sum(shares)):
        best = max(range(len(remainders)), key=lambda j: (remainders[j], -j))
        shares[best] += 1
        remainders[best] = -1
    return shares


def test_rake_shares_small_and_large() -> None:
    rand = random.Random(5)
    for case in range(3000):
        n = rand.randint(1, 12)
        top = rand.choice([3, 100, 10_000, 2**31, 2**40])
        total_in = [rand.choice([0, rand.randint(0, top)]) for _ in range(n)]
        rake = rand.choice([0, 1, rand.randint(0, max(sum(total_in) // 10, 1)), rand.randint(0, 2**33)])
        got = _rake_shares(total_in, rake)
        assert got == _plain(total_in, rake), (total_in, rake)
        assert all(type(x) is int for x in got)

"""``twister.Twister``: CPython's ``random.Random(seed).random()`` stream, the same doubles bit for bit, so the
all-in EV's Monte Carlo (``allin_badugi``) deals the same cards compiled (a C twister) and pure Python
(``random.Random`` itself)."""

from __future__ import annotations

import random
import zlib

from badugi.engine import twister


SEEDS = [0, 1, 2, 5489, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**64 + 12345, 10**30, -7, -(2**40)]
"""Edge seeds (one word, several, the sign dropped as ``random.Random`` drops it) besides the replay's own."""


def test_the_stream_is_random_random_s_for_many_seeds() -> None:
    seeds = SEEDS + [zlib.crc32(f"{k}".encode()) for k in range(400)]  # the replay seeds by the hand id's crc32
    for seed in seeds:
        expected = random.Random(seed)
        got = twister.Twister(seed)
        for _ in range(700):  # past one twist of the state (624 words, 312 doubles)
            a, b = expected.random(), got.random()
            assert a.hex() == b.hex(), (seed, a, b)


def test_a_long_stream_stays_equal() -> None:
    expected, got = random.Random(20101009), twister.Twister(20101009)
    for _ in range(20_000):
        assert expected.random() == got.random()


def test_stream_is_the_twister_compiled_and_random_random_pure() -> None:
    made = twister.stream(77)
    assert type(made) is (twister.Twister if twister.COMPILED else twister.Doubles)
    expected = random.Random(77)
    assert [made.random() for _ in range(50)] == [expected.random() for _ in range(50)]

"""CPython's ``random.Random(seed).random()`` stream (MT19937) as a compiled type, for the all-in EV's deals.

The Monte Carlo of a Badugi all-in (``allin_badugi``) draws its random numbers from ``random.Random(seed)``:
compiled, each ``random()`` was a call through Python's protocol and a float object made and read back
(~4.7k instructions a hand on the mixed corpus). ``Twister`` is the same generator written out: seeded as
``random.Random`` seeds from an integer (``init_by_array`` over the absolute value's 32-bit words, least
significant first) and read as its ``random()`` reads (two 32-bit words, 27 and 26 bits of them, one 53-bit
double), so it gives the same doubles, bit for bit (``tests/test_twister.py`` compares the streams).

``stream(seed)`` is what the deals use: compiled (``twister.pxd``: the state a C array, ``random`` a C
method), a ``Twister``; pure Python, ``random.Random(seed)`` itself (the same numbers, from CPython's C code,
faster than this file's loops run as Python).
"""

from __future__ import annotations

import random
import types

_N = 624
_M = 397
_WORD = 0xFFFFFFFF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MATRIX = 0x9908B0DF
_TEMPER_B = 0x9D2C5680
_TEMPER_C = 0xEFC60000
"""MT19937's constants (compiled: unsigned 64-bit C constants, ``twister.pxd``; a literal past 2**31 would be a
Python number there)."""


class Twister:
    """MT19937 seeded and read exactly as ``random.Random(seed)`` and its ``random()``."""

    __slots__ = ("state", "index")

    def __init__(self, seed: int) -> None:
        self._seed(seed)

    def _seed(self, seed: int) -> None:
        """``random.Random.seed`` of an integer: ``init_by_array`` over its absolute value's words."""
        key = abs(seed)
        words = []  # the 32-bit words of the seed, least significant first (one for 0)
        while True:
            words.append(key & _WORD)
            key >>= 32
            if not key:
                break
        self.state = [0] * 624
        mt = self.state
        mt[0] = 19650218  # init_genrand(19650218)
        for i in range(1, _N):
            x = mt[i - 1]
            mt[i] = (1812433253 * (x ^ (x >> 30)) + i) & _WORD
        n = len(words)  # init_by_array(words)
        i = 1
        j = 0
        w = words[0]  # (a seed of one word, the usual: read once, not a list item per step)
        for _ in range(_N if _N > n else n):
            x = mt[i - 1]
            if n > 1:
                w = words[j]
            mt[i] = ((mt[i] ^ ((x ^ (x >> 30)) * 1664525)) + w + j) & _WORD
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            x = mt[i - 1]
            mt[i] = ((mt[i] ^ ((x ^ (x >> 30)) * 1566083941)) - i) & _WORD
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = _UPPER
        self.index = _N

    def random(self) -> float:
        """The next double in [0, 1), as ``random.Random.random`` makes it from two words."""
        a = self._word() >> 5
        b = self._word() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def _word(self) -> int:
        """The next tempered 32-bit word (``genrand_uint32``)."""
        if self.index >= _N:
            self._twist()
        y = self.state[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & _TEMPER_B
        y ^= (y << 15) & _TEMPER_C
        y ^= y >> 18
        return y

    def _twist(self) -> None:
        """The next 624 words of state (in place, as ``genrand_uint32`` makes them)."""
        mt = self.state
        for k in range(_N - _M):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ (_MATRIX if y & 1 else 0)
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ (_MATRIX if y & 1 else 0)
        y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (_MATRIX if y & 1 else 0)
        self.index = 0


def stream(seed: int) -> Twister:
    """The random numbers of ``random.Random(seed)``: compiled, a ``Twister`` (its ``random`` a C call);
    pure Python, ``random.Random(seed)`` itself."""
    if COMPILED:
        return Twister(seed)
    return random.Random(seed)  # type: ignore[return-value]


COMPILED = not isinstance(stream, types.FunctionType)
"""Whether this module runs compiled (a compiled function is not a Python function object)."""

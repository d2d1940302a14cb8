"""CPython's ``random.Random(seed).random()`` stream (MT19937) as a compiled type, for the all-in EV's deals.

The Monte Carlo of a Badugi all-in (``allin_badugi``) draws its random numbers from ``random.Random(seed)``:
compiled, each ``random()`` was a call through Python's protocol and a float object made and read back
(~4.7k instructions a hand on the mixed corpus). ``Twister`` is the same generator written out: seeded as
``random.Random`` seeds from an integer (``init_by_array`` over the absolute value's 32-bit words, least
significant first) and read as its ``random()`` reads (two 32-bit words, 27 and 26 bits of them, one 53-bit
double), so it gives the same doubles, bit for bit (``tests/test_twister.py`` compares the streams).

The doubles are made a block at a time: each twist of the state (624 words) gives 312 doubles, tempered and
combined in one loop over the new state (compiled: C arrays, no call a word) into ``block``, read from ``pos``
on (``refill`` makes the next block once ``pos`` reached ``DOUBLES``). ``allin_badugi`` reads the block itself
(compiled: two C fields, no call a number).

``stream(seed)`` is what the deals use: compiled (``twister.pxd``: the state and the block C arrays), a
``Twister``; pure Python, ``Doubles``: ``random.Random(seed)``'s own numbers in the same blocks (the same
numbers, from CPython's C code, faster than this file's loops run as Python).
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
"""MT19937's constants (compiled: unsigned C constants, ``twister.pxd``; a literal past 2**31 would be a Python
number there)."""
DOUBLES = 312
"""Doubles a twist of the state makes (two words each)."""
_DOUBLES = DOUBLES
"""(Compiled: a C integer, ``twister.pxd``.)"""


def _genrand_start() -> list[int]:
    """``init_genrand(19650218)``'s state: the start of every seeding (found once)."""
    mt = [19650218]
    for i in range(1, _N):
        x = mt[i - 1]
        mt.append((1812433253 * (x ^ (x >> 30)) + i) & _WORD)
    return mt


_START = _genrand_start()
"""(Compiled: a C array of 624 words, ``twister.pxd``.)"""


class Twister:
    """MT19937 seeded and read exactly as ``random.Random(seed)`` and its ``random()``."""

    __slots__ = ("state", "block", "pos")

    def __init__(self, seed: int) -> None:
        self._seed(seed)
        self.block = [0.0] * 312  # (DOUBLES: a literal, compiled the size of the C array)
        self.pos = _DOUBLES  # (the first number twists the state)

    def _seed(self, seed: int) -> None:
        """``random.Random.seed`` of an integer: ``init_by_array`` over its absolute value's words."""
        key = abs(seed)
        words = []  # the 32-bit words of the seed, least significant first (one for 0)
        while True:
            words.append(key & _WORD)
            key >>= 32
            if not key:
                break
        if not COMPILED:  # (compiled, the state is a C array already: no list of 624 numbers converted)
            self.state = [0] * 624
        mt = self.state
        for i in range(_N):  # init_genrand(19650218)
            mt[i] = _START[i]
        n = len(words)  # init_by_array(words)
        i = 1
        j = 0
        w = words[0]  # (a seed of one word, the usual: read once, not a list item per step)
        if n == 1:  # (one word: the word's index ``j`` is always 0)
            for _ in range(_N):
                x = mt[i - 1]
                mt[i] = ((mt[i] ^ ((x ^ (x >> 30)) * 1664525)) + w) & _WORD
                i += 1
                if i >= _N:
                    mt[0] = mt[_N - 1]
                    i = 1
        else:
            for _ in range(_N if _N > n else n):
                x = mt[i - 1]
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

    def random(self) -> float:
        """The next double in [0, 1), as ``random.Random.random`` makes it from two words."""
        if self.pos >= _DOUBLES:
            self.refill()
        x = self.block[self.pos]
        self.pos += 1
        return x

    def refill(self) -> None:
        """The next ``DOUBLES`` doubles into ``block`` (``pos`` back to 0): the state twisted, each pair of its words
        tempered (``genrand_uint32``) and made one double as ``random.Random.random`` makes it (27 and 26 bits)."""
        self._twist()
        mt = self.state
        block = self.block
        for k in range(_DOUBLES):
            a = mt[2 * k]
            a ^= a >> 11
            a ^= (a << 7) & _TEMPER_B
            a ^= (a << 15) & _TEMPER_C
            a ^= a >> 18
            b = mt[2 * k + 1]
            b ^= b >> 11
            b ^= (b << 7) & _TEMPER_B
            b ^= (b << 15) & _TEMPER_C
            b ^= b >> 18
            block[k] = ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0)
        self.pos = 0

    def _twist(self) -> None:
        """The next 624 words of state (in place, as ``genrand_uint32`` makes them)."""
        mt = self.state
        for k in range(_N - _M):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ (-(y & 1) & _MATRIX)  # (the matrix where y is odd: no branch)
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ (-(y & 1) & _MATRIX)
        y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (-(y & 1) & _MATRIX)


class Doubles:
    """Pure Python's ``stream``: ``random.Random(seed)``'s doubles in ``Twister``'s blocks (``block``, ``pos``,
    ``refill``, ``random``), from CPython's C code."""

    __slots__ = ("_next", "block", "pos")

    def __init__(self, seed: int) -> None:
        self._next = random.Random(seed).random
        self.block: list[float] = []
        self.pos = _DOUBLES

    def random(self) -> float:
        """The next double, ``random.Random(seed).random()``'s."""
        if self.pos >= _DOUBLES:
            self.refill()
        x = self.block[self.pos]
        self.pos += 1
        return x

    def refill(self) -> None:
        """The next ``DOUBLES`` doubles into ``block``, ``pos`` back to 0."""
        draw = self._next
        self.block = [draw() for _ in range(_DOUBLES)]
        self.pos = 0


def stream(seed: int) -> Twister:
    """The random numbers of ``random.Random(seed)`` in blocks: compiled, a ``Twister`` (C arrays); pure Python,
    ``Doubles`` (``random.Random(seed)``'s own)."""
    if COMPILED:
        return Twister(seed)
    return Doubles(seed)  # type: ignore[return-value]


COMPILED = not isinstance(stream, types.FunctionType)
"""Whether this module runs compiled (a compiled function is not a Python function object)."""

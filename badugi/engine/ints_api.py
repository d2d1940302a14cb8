"""The pure-Python twin of the C blocks of integers ``facts.player_facts`` counts in.

``facts.pxd`` cimports ``ints_api.pxd`` (C only: nothing here is compiled) under the name ``facts.py`` imports this
module by: compiled, ``_ints_api.zeros(n)`` is a block of ``n`` C integers set to 0 (``PyMem_Calloc``) that
``_ints_api.free(block)`` gives back, indexed like a list of ints without an int object made, read or freed per item
(the facts' per-player bits and counts were ~40 boxed ints a hand, each made and freed). Run as Python, ``zeros`` is a
list of zeros and ``free`` does nothing.
"""

from __future__ import annotations


def zeros(n: int) -> list[int]:
    return [0] * n


def free(block: list[int]) -> None:
    return None

"""Counting the reference cycles a piece of work leaves behind.

The import reads and replays with the cyclic collector paused (``badugi.analytics.batch``), so a cycle made
per hand is garbage that only a later collection frees: memory grows and each collection scans more."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def unreachable_after(work: Callable[[], T]) -> tuple[T, int]:
    """``work()``'s result and how many objects it left unreachable (in cycles only the collector frees)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        result = work()
        unreachable = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    return result, unreachable

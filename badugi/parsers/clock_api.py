"""The pure-Python twin of the C call the compiled clock makes an aware UTC time with.

``clock.pxd`` cimports ``clock_api.pxd`` (C only: nothing here is compiled) under the name ``clock.py`` imports this
module by: compiled, ``_clock_api.utc_datetime(...)`` is the datetime C API's constructor (no argument parsing, no
text made for ``fromisoformat``). Run as Python it is the class called with the same fields.
"""

from __future__ import annotations

from datetime import datetime, timezone


def utc_datetime(year: int, month: int, day: int, hour: int, minute: int, second: int) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)

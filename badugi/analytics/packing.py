# cython: boundscheck=False, wraparound=False
"""Arrow buffers written from a batch column's Python values by plain loops over them.

Compiled (``packing.pxd``), a loop reads each value with a pointer comparison (``is None``, ``is True``,
``type(v) is str``) and writes a bit or an offset in C: a few instructions a value, where Arrow's
sequence converter spends ~170 on a boolean and ~400 on a string (callgrind). The arrays are made with
Arrow's public ``Array.from_buffers``; the values are exactly those ``pa.array`` makes (a test compares
them). Each function returns ``None`` where its loop is not the one to use (a value of another type, a
string column too long for an Arrow string array's 32-bit offsets): the caller then gives the column to ``pa.array``, which
also raises the same error as before on a bad value.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pyarrow as pa

from badugi.analytics import descriptor_api as _descriptor_api

_STRING = pa.string()
_BOOLEAN = pa.bool_()


def booleans(values: list[Any]) -> pa.Array | None:
    """A boolean array of ``True``, ``False`` and ``None`` (anything else: ``None``, left to Arrow): its bits
    written by one C pass (``descriptor_api.boolean_column``)."""
    n = len(values)
    size = (n + 7) >> 3
    bits = bytearray(size)
    valid = bytearray(b"\xff" * size)
    found = _descriptor_api.boolean_column(values, bits, valid)  # (one C pass)
    if found is None:
        return None
    return pa.Array.from_buffers(_BOOLEAN, n, [pa.py_buffer(valid) if found else None, pa.py_buffer(bits)], found)


def flag_bits(values: list[Any], mask: int, words: Any, known: Any) -> bool:
    """ORs a BOOLEAN column into a table's flags (``declare.Flags``; ``words`` and ``known``: C ``long long``
    views of their data buffers): the column's bit (``mask``) in ``words`` where the value is ``True``, in
    ``known`` where it is not ``None``. Returns ``False`` on anything else (left to Arrow; the bits set so
    far are the same)."""
    n = len(values)
    for i in range(n):
        value = values[i]
        if value is True:
            words[i] |= mask
            known[i] |= mask
        elif value is False:
            known[i] |= mask
        elif value is not None:
            return False
    return True


def count_fields(values: list[Any], shift: int, bit: int, words: Any, known: Any) -> bool:
    """ORs a count column into its word of a table's fields (``declare.Fields``; ``words`` and ``known``: C
    ``long long`` views of their data buffers): the value at ``shift`` in ``words``, ``bit`` in ``known``, where
    it is not ``None``. Returns ``False`` on anything but an ``int`` in 0..32767 (left to the caller; the fields
    set so far are the same)."""
    n = len(values)
    for i in range(n):
        value = values[i]
        if value is None:
            continue
        if type(value) is not int or value < 0 or value > 32767:
            return False
        count = value  # (compiled: a C integer)
        words[i] |= count << shift
        known[i] |= bit
    return True


def strings(values: list[Any]) -> pa.Array | None:
    """A string array of ``str`` s and ``None`` s: the values joined as the data, their lengths summed
    as the offsets (UTF-8 lengths where the text is not all ASCII). A ``str`` subclass or anything else:
    ``None``, left to Arrow. A column of ASCII texts (and ``None`` s) is written in one C pass
    (``descriptor_api.ascii_column``; callgrind, worker path: ``strings`` 11.9k -> 6.6k instructions a hand)."""
    n = len(values)
    offsets = _descriptor_api.unfilled(4 * (n + 1))  # (not zeroed first: ``ascii_column`` writes every offset, or the loop below)
    valid = bytearray(b"\xff" * ((n + 7) >> 3))
    found = _descriptor_api.ascii_column(values, offsets, valid)  # (the usual column: ASCII texts and None)
    if found is not None:
        data, nulls = found
        return pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data),
                                           pa.py_buffer(valid) if nulls else None, nulls)
    ends = memoryview(offsets).cast("i")
    ends[0] = 0
    valid = None
    nulls = 0
    total = 0
    for i in range(n):
        value = values[i]
        if value is None:
            valid = _cleared(valid, n, i)
            nulls += 1
        elif type(value) is str:
            total += len(value)
        else:
            return None
        if total > 0x7FFFFFFF:
            return None
        ends[i + 1] = total
    text = "".join([value for value in values if value is not None]) if nulls else "".join(values)
    if not text.isascii():
        total = _utf8_ends(values, ends)
        if total > 0x7FFFFFFF:
            return None
    try:
        data = text.encode()
    except UnicodeEncodeError:  # a lone surrogate: Arrow's converter says so
        return None
    return pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data), _validity(valid), nulls)


def numbers(values: list[Any], data: Any, floats: bool) -> tuple[bytearray | None, int] | None:
    """Writes a fixed-width column's values into ``data`` (a typed view of its data buffer: C ``short``,
    ``int``, ``long long`` or ``double``; its bytes not zeroed first: every value is written), ``None`` as 0; returns the validity bitmap (``None``: no
    ``None`` s) and the null count. Takes exact ints (and, where ``floats``, floats); on anything else
    returns ``None``, and raises ``OverflowError`` (compiled) or ``ValueError`` on an int out of range."""
    n = len(values)
    valid = None
    nulls = 0
    for i in range(n):
        value = values[i]
        if value is None:
            data[i] = 0
            valid = _cleared(valid, n, i)
            nulls += 1
        elif type(value) is int or (floats and type(value) is float):
            data[i] = value
        else:
            return None
    return valid, nulls


_UTC = timezone.utc


def timestamps(values: list[Any], data: Any) -> tuple[bytearray | None, int] | None:
    """Writes a microsecond timestamp column's values into ``data`` (a C ``long long`` view of its data
    buffer): each ``datetime`` in UTC (``tzinfo`` is ``timezone.utc``, as the readers make them) as its
    microseconds since the epoch, which is what Arrow stores for it (Arrow's converter asks each value
    its ``utcoffset()``: ~3,400 instructions a value; its bytes not zeroed first). ``None`` as 0; returns the validity bitmap and the
    null count, or ``None`` on any other value (a naive or other-zone time, a subclass: left to Arrow)."""
    n = len(values)
    valid = None
    nulls = 0
    for i in range(n):
        value = values[i]
        if value is None:
            data[i] = 0
            valid = _cleared(valid, n, i)
            nulls += 1
        elif type(value) is datetime and value.tzinfo is _UTC:
            data[i] = _microseconds(value)
        else:
            return None
    return valid, nulls


def _microseconds(moment: datetime) -> int:
    """A time's microseconds since the epoch, from its fields (compiled: read from its C struct, summed in C;
    datetime arithmetic on the objects cost ~2,900 instructions a value). The days since the epoch are the
    civil-calendar count (Howard Hinnant's ``days_from_civil``)."""
    year = moment.year - (moment.month <= 2)
    era = year // 400
    of_era = year - era * 400
    month = moment.month
    of_year = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + moment.day - 1
    days = era * 146097 + of_era * 365 + of_era // 4 - of_era // 100 + of_year - 719468
    seconds = ((days * 24 + moment.hour) * 60 + moment.minute) * 60 + moment.second
    return seconds * 1000000 + moment.microsecond


def list_items(values: list[Any], ends: Any) -> tuple[list[Any], bytearray | None, int] | None:
    """A list column's items, all lists' in one flat list, with each list's end written into ``ends`` (a C
    ``int`` view of its offsets buffer, one more than the values); returns the items, the validity bitmap
    and the null count, or ``None`` on a value that is no ``list`` or ``tuple`` (left to Arrow)."""
    n = len(values)
    items: list[Any] = []
    valid = None
    nulls = 0
    for i in range(n):
        value = values[i]
        if value is None:
            valid = _cleared(valid, n, i)
            nulls += 1
        elif type(value) is list or type(value) is tuple:
            items += value
            if len(items) > 0x7FFFFFFF:
                return None
        else:
            return None
        ends[i + 1] = len(items)
    return items, valid, nulls


def _cleared(valid: bytearray | None, n: int, i: int) -> bytearray:
    """The validity bitmap of ``n`` values (all valid when first made) with value ``i``'s bit cleared."""
    if valid is None:
        valid = bytearray(b"\xff" * ((n + 7) >> 3))
    valid[i >> 3] ^= 1 << (i & 7)
    return valid


def _utf8_ends(values: list[Any], ends: Any) -> int:
    """The offsets again, counted in UTF-8 bytes (the text is not all ASCII); returns the last."""
    total = 0
    for i in range(len(values)):
        value = values[i]
        if value is not None:
            total += len(value) if value.isascii() else len(value.encode())
            if total > 0x7FFFFFFF:
                return total
        ends[i + 1] = total
    return total


def _validity(valid: bytearray | None) -> pa.Buffer | None:
    return None if valid is None else pa.py_buffer(valid)

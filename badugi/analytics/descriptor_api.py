"""The pure-Python twins of the C calls ``columnar``'s compiled loops make directly (a descriptor's
``tp_descr_get``; an item of a tuple or of a tuple subclass; one field of a list of tuples).

``columnar.pxd`` cimports ``descriptor_api.pxd`` (C only: nothing here is compiled) under the name
``columnar.py`` imports this module by: compiled, ``_descriptor_api.descr_get(descriptor, row, owner)`` calls
the descriptor type's ``tp_descr_get`` slot in C (what ``getattr`` calls once it has found a data descriptor
on the row's type, without finding it again per row); run as Python it is ``descriptor.__get__``, the same
slot. ``attribute_column(rows, descriptor, owner)`` is that call for every row of a list in one C loop
(``None`` for a ``None`` row; ``None`` for the whole where a row is of another type). ``tuple_item(row, k)``
is ``PyTuple_GET_ITEM`` compiled (``row`` a tuple, ``k`` in range: the caller checks both), where Cython
indexes a tuple subclass (a ``NamedTuple``) through its ``mp_subscript`` slot with a Python int made for each
index; as Python it is ``row[k]``. ``tuple_column(rows, k)`` is the list of every row's item ``k``, made by
one C loop (the same checks by the caller). ``field(row, k)`` is ``row[k]``: in C where ``row`` is a tuple
(of any subclass) and ``k`` in range (checked there), else ``PySequence_GetItem``.

``merged_tags(ix_lists, order_lists)``: the variant of each row of a table whose variants' rows are each in order
of (hand index, order value) (``order_lists`` ``None``: the hand index alone), merged into that order with ties
to the earlier variant, as a stable sort of the variants' rows one after the other puts them; one byte a row. ``None``
where it is not that (a key that is no int from 0 to 2**31 - 1, a variant's rows out of order, over 255 variants).
``gathered(tags, parts, constants)``: a column in that order, each row's value taken in turn from its variant's
list of values in ``parts`` (or, where that is ``None``, its variant's value in ``constants``).
``row_gathered(tags, specs, width)``: ``gathered`` reading each row's value straight from its variant's rows where
that is how the variant takes it (``specs``: one ``(kind, rows, place, value, owner)`` a variant: 0 the constant
``value``; 1 the next of the variant's computed values ``rows``; 2 the row's source at ``place`` in the variant's
flat rows ``rows``, ``width`` values a row; 3 that source's field read by the data descriptor ``value``, ``None``
where the source is ``None``), making no list a variant (``None`` where a kind-3 source is not of type ``owner``).
``ascii_column(values, offsets, valid)``: a string column of ASCII ``str`` s and ``None`` s in one C pass: the
texts' bytes copied one after another straight into the data (where ``"".join``, ``isascii`` and ``encode`` went
over them three times, making a ``str`` between), each value's end
written into ``offsets`` (a bytearray of ``n + 1`` C ints) and each ``None`` 's bit cleared in ``valid`` (a
bitmap of ``n`` bits, all set), returning the data and the null count; ``None`` on any value that is not an
ASCII ``str`` or ``None``, or past 32-bit offsets (the caller then goes value by value).
``boolean_column(values, bitmap, valid)``: each ``True`` 's bit set in ``bitmap``, each ``None`` 's
cleared in ``valid``; the null count, or ``None`` on anything else: one C pass, where the compiled ``packing``
loop read and wrote bytearray items (callgrind, worker path: ``booleans`` 4.2k -> 2.8k instructions a hand).
``path_column(rows, path)``: each row's value at ``path`` (``(index, exact type)`` pairs: a ``NamedTuple`` 's field,
an item of a tuple in it; ``None`` where the path meets ``None``), one C loop and no list between; ``None`` where a
container is not of its step's type or too short. ``path_flags`` and ``path_counts``: those values straight into a
table's flag bits or count fields, as ``packing.flag_bits`` and ``packing.count_fields`` write them (``words`` and
``known``: bytearrays of 8 bytes a row); 0 where a value is not for them (the caller goes the general way).
``path_group(rows, parent, kind, items)``: several of those flag and count columns whose paths share all but their
last step, packed in one pass (each row's container followed once; callgrind: ``hand_players`` ' 36 flags and 15
counts in 9 passes, where 51 followed each path again).
``reserved(n)``: an empty list with room for ``n`` items (compiled: its slots allocated, so appends up to there
neither grow nor move it; here a plain empty list); ``push1(rows, a)`` .. ``push5``: values appended to a list,
compiled straight into its free slots where it has room for them all (Cython's ``append`` calls ``PyList_Append``
when the list is used below half its room, which shrinks it), else by ``PyList_Append``.
``unfilled(n)``: a bytearray of ``n`` bytes whose contents are not set (compiled: not zeroed first, where
``bytearray(n)`` zeroes them and the column's loop then writes every one; zeroed here): ``packing`` 's
fixed-width loops write every value, ``None`` as 0.
"""

from __future__ import annotations

from typing import Any


def descr_get(descriptor: Any, row: Any, owner: type) -> Any:
    return descriptor.__get__(row, owner)


def attribute_column(rows: list[Any], descriptor: Any, owner: type) -> list[Any] | None:
    found: list[Any] = []
    for row in rows:
        if row is None:
            found.append(None)
        elif type(row) is owner:
            found.append(descriptor.__get__(row, owner))
        else:
            return None
    return found


def tuple_item(row: tuple[Any, ...], k: int) -> Any:
    return row[k]


def field(row: tuple[Any, ...], k: int) -> Any:
    return row[k]


def tuple_column(rows: list[tuple[Any, ...]], k: int) -> list[Any]:
    return [row[k] for row in rows]


def _merge_key(ixs: list[Any], orders: list[Any] | None, i: int) -> int:
    if i >= len(ixs):
        return -1
    ix = ixs[i]
    if type(ix) is not int or not 0 <= ix <= 0x7FFFFFFF:
        return -2
    if orders is None:
        return ix
    order = orders[i]
    if type(order) is not int or not 0 <= order <= 0x7FFFFFFF:
        return -2
    return (ix << 32) | order


def merged_tags(ix_lists: list[list[Any]], order_lists: list[list[Any]] | None) -> bytearray | None:
    k = len(ix_lists)
    if not 1 <= k <= 255 or (order_lists is not None and (type(order_lists) is not list or len(order_lists) != k)):
        return None
    head = []
    for v in range(k):
        ixs = ix_lists[v]
        orders = None if order_lists is None else order_lists[v]
        if type(ixs) is not list or (orders is not None and (type(orders) is not list or len(orders) != len(ixs))):
            return None
        head.append(_merge_key(ixs, orders, 0))
        if head[v] == -2:
            return None
    at = [0] * k
    tags = bytearray(sum(len(ixs) for ixs in ix_lists))
    for r in range(len(tags)):
        best = -1
        for v in range(k):
            if head[v] >= 0 and (best < 0 or head[v] < head[best]):
                best = v
        tags[r] = best
        at[best] += 1
        following = _merge_key(ix_lists[best], None if order_lists is None else order_lists[best], at[best])
        if following == -2 or 0 <= following < head[best]:
            return None
        head[best] = following
    return tags


def gathered(tags: bytearray, parts: list[list[Any] | None], constants: list[Any]) -> list[Any]:
    if len(parts) > 256 or len(constants) != len(parts):
        raise ValueError("gathered: one constant a part, at most 256 parts")
    if any(part is not None and type(part) is not list for part in parts):
        raise TypeError("gathered: a part is a list or None")
    at = [0] * len(parts)
    column = []
    for v in tags:
        if v >= len(parts):
            raise IndexError("gathered: a tag names a part past its values")
        part = parts[v]
        if part is None:
            column.append(constants[v])
        else:
            if at[v] >= len(part):
                raise IndexError("gathered: a tag names a part past its values")
            column.append(part[at[v]])
            at[v] += 1
    return column


def row_gathered(tags: bytearray, specs: list[tuple[int, Any, int, Any, Any]], width: int) -> list[Any] | None:
    if len(specs) > 256 or width < 1:
        raise ValueError("row_gathered: at most 256 variants, rows of at least one value")
    for kind, rows, place, _, owner in specs:
        if (not 0 <= kind <= 3 or (kind > 0 and type(rows) is not list) or (kind >= 2 and not 0 <= place < width)
                or (kind == 3 and not isinstance(owner, type))):
            raise ValueError("row_gathered: a spec is (kind 0..3, a list, a place in the row, a value, its owner)")
    at = [0] * len(specs)
    column = []
    for v in tags:
        if v >= len(specs):
            raise IndexError("row_gathered: a tag names a variant past its rows")
        kind, rows, place, value, owner = specs[v]
        if kind == 0:
            column.append(value)
            continue
        i = at[v] if kind == 1 else at[v] * width + place
        if i >= len(rows):
            raise IndexError("row_gathered: a tag names a variant past its rows")
        at[v] += 1
        item = rows[i]
        if kind == 3 and item is not None:
            if type(item) is not owner:
                return None
            item = value.__get__(item, owner)
        column.append(item)
    return column


def ascii_column(values: list[Any], offsets: bytearray, valid: bytearray) -> tuple[bytes, int] | None:
    n = len(values)
    if len(offsets) != 4 * (n + 1) or len(valid) != (n + 7) // 8:
        raise ValueError("ascii_column: offsets of n + 1 ints, a bitmap of n bits")
    ends = memoryview(offsets).cast("i")
    ends[0] = 0
    total = 0
    nulls = 0
    for i, value in enumerate(values):
        if value is None:
            valid[i >> 3] &= ~(1 << (i & 7)) & 0xFF
            nulls += 1
        else:
            if type(value) is not str or not value.isascii():
                return None
            total += len(value)
            if total > 0x7FFFFFFF:
                return None
        ends[i + 1] = total
    return "".join([value for value in values if value is not None]).encode(), nulls


def boolean_column(values: list[Any], bitmap: bytearray, valid: bytearray) -> int | None:
    n = len(values)
    if len(bitmap) != (n + 7) // 8 or len(valid) != (n + 7) // 8:
        raise ValueError("boolean_column: two bitmaps of n bits")
    nulls = 0
    for i, value in enumerate(values):
        if value is True:
            bitmap[i >> 3] |= 1 << (i & 7)
        elif value is None:
            valid[i >> 3] &= ~(1 << (i & 7)) & 0xFF
            nulls += 1
        elif value is not False:
            return None
    return nulls


def unfilled(n: int) -> bytearray:
    return bytearray(n)


def reserved(n: int) -> list[Any]:
    return []


def push1(rows: list[Any], a: Any) -> None:
    rows.append(a)


def push2(rows: list[Any], a: Any, b: Any) -> None:
    rows.extend((a, b))


def push3(rows: list[Any], a: Any, b: Any, c: Any) -> None:
    rows.extend((a, b, c))


def push4(rows: list[Any], a: Any, b: Any, c: Any, d: Any) -> None:
    rows.extend((a, b, c, d))


def push5(rows: list[Any], a: Any, b: Any, c: Any, d: Any, e: Any) -> None:
    rows.extend((a, b, c, d, e))


_NOT_THIS_WAY = object()


def _follow(row: Any, path: tuple[tuple[int, type], ...]) -> Any:
    """The value at ``path`` in ``row`` (``None`` where it meets ``None``), or ``_NOT_THIS_WAY`` where a container is
    not of its step's type or too short."""
    value = row
    for index, kind in path:
        if value is None:
            break
        if type(value) is not kind or index >= len(value):
            return _NOT_THIS_WAY
        value = value[index]
    return value


def _path_steps(path: tuple[tuple[int, type], ...]) -> bool:
    return 1 <= len(path) <= 8 and all(type(step) is tuple and len(step) == 2 and step[0] >= 0 for step in path)


def path_column(rows: list[Any], path: tuple[tuple[int, type], ...]) -> list[Any] | None:
    if not _path_steps(path):
        return None
    column = []
    for row in rows:
        value = _follow(row, path)
        if value is _NOT_THIS_WAY:
            return None
        column.append(value)
    return column


def _path_words(rows: list[Any], path: tuple[tuple[int, type], ...], words: bytearray, known: bytearray,
                shift: int = 0) -> tuple[list[Any], memoryview, memoryview] | None:
    """What ``path_flags`` and ``path_counts`` pack: the path's column (``None``: not this way) and the words' C
    ``long long`` views (packed by ``packing.flag_bits`` / ``count_fields``, which the compiled loops mirror)."""
    if not _path_steps(path):
        return None
    if len(words) < 8 * len(rows) or len(known) < 8 * len(rows) or not 0 <= shift <= 48:
        raise ValueError("path_counts: words of 8 bytes a row, a shift in 0..48")
    column = path_column(rows, path)
    if column is None:
        return None
    return column, memoryview(words).cast("q"), memoryview(known).cast("q")


def path_flags(rows: list[Any], path: tuple[tuple[int, type], ...], mask: int, words: bytearray,
               known: bytearray) -> int:
    from badugi.analytics.packing import flag_bits

    found = _path_words(rows, path, words, known)
    return int(found is not None and flag_bits(found[0], mask, found[1], found[2]))


def path_counts(rows: list[Any], path: tuple[tuple[int, type], ...], shift: int, bit: int, words: bytearray,
                known: bytearray) -> int:
    from badugi.analytics.packing import count_fields

    found = _path_words(rows, path, words, known, shift)
    return int(found is not None and count_fields(found[0], shift, bit, found[1], found[2]))


def path_group(rows: list[Any], parent: tuple[tuple[int, type], ...], kind: type,
               items: tuple[tuple[int, int, int, int, bytearray, bytearray], ...]) -> int:
    """Several flag or count columns whose paths are ``parent`` then an item of a ``kind`` tuple, packed as
    ``path_flags`` (``count`` 0) or ``path_counts`` (``count`` 1) pack each of them: 1, or 0 where one of them is
    not for it (the caller then packs each the general way)."""
    if not 1 <= len(items) <= 64 or (parent and not _path_steps(parent)):
        return 0
    for index, count, shift, mask, words, known in items:
        path = (*parent, (index, kind))
        found = path_counts(rows, path, shift, mask, words, known) if count else \
            path_flags(rows, path, mask, words, known)
        if not found:
            return 0
    return 1

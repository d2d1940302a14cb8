"""A batch of a table with flags (``declare.Flags``) as its declared columns: the BOOLEAN columns read back
from their bits, the count columns from their fields (``declare.Fields``), ``NULL`` where a known bit is 0
(the Parquet archive keeps the declared columns)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc

from badugi.analytics.declare import FIELD_MASK, HAND_KEY_NAMES, Table

_NO_BOOLEAN = pa.scalar(None, pa.bool_())
_NO_COUNT = pa.scalar(None, pa.int16())
_ZERO = pa.scalar(0, pa.int64())
_FIELD_MASK = pa.scalar(FIELD_MASK, pa.int64())
"""The integers the kernels below take, as Arrow scalars made once: a Python ``int`` given to a compute function
is made a scalar on every call, through pyarrow's type inference (~70 us each: ``unpacked`` made 130 of them for
``hand_players``, ~20k instructions a hand of the Parquet archive's worker). The packed columns are BIGINT, and
so are these (what a Python ``int`` is inferred as): the same kernels run on the same types."""
_HAND_IX = "_hand_ix"  # (rows.HAND_IX; not imported from there: rows brings in the engine)


def with_hand_key(table: Table, batch: pa.Table, hands: pa.Table) -> pa.Table:
    """A keyed child's ``batch`` with its hand key (``room``, ``room_hand_id``) first, taken from the same
    batch's ``hands`` by ``_hand_ix`` (workers do not send it: ``Table.batch_columns``); any other table's
    is given back as it is. ``hands`` may hold fewer rows than were built (first copies only)."""
    if table.keyed is None or not table.keyed.child or HAND_KEY_NAMES[0] in batch.schema.names:
        return batch
    rows = pc.index_in(batch.column(_HAND_IX), value_set=hands.column(_HAND_IX))
    keys = [hands.column(name).take(rows) for name in HAND_KEY_NAMES]
    return pa.table([*keys, *batch.columns], names=[*HAND_KEY_NAMES, *batch.schema.names])


def unpacked(table: Table, batch: pa.Table) -> pa.Table:
    """``batch`` (``Table.batch_columns``) with the declared columns in their order, then its other columns
    (``_hand_ix``); a table without flags is given back as it is. A keyed child's batch has its hand key put back
    first (``with_hand_key``)."""
    if table.flags is None:
        return batch
    values, known = batch.column(table.flags.values), batch.column(table.flags.known)
    bits = {c.name: k for k, c in enumerate(table.flag_columns)}
    fields = table.fields.columns if table.fields is not None else ()
    names, arrays = [], []
    for c in table.columns:
        if c.name in bits:
            mask = pa.scalar(1 << bits[c.name], pa.int64())
            is_set = pc.not_equal(pc.bit_wise_and(values, mask), _ZERO)
            arrays.append(pc.if_else(pc.not_equal(pc.bit_wise_and(known, mask), _ZERO), is_set, _NO_BOOLEAN))
        elif c.name in fields:
            assert table.fields is not None
            word, shift, bit = table.field_place(c.name)
            count = pc.bit_wise_and(pc.shift_right(batch.column(word), pa.scalar(shift, pa.int64())),
                                    _FIELD_MASK).cast(pa.int16())
            present = pc.not_equal(pc.bit_wise_and(batch.column(table.fields.known), pa.scalar(bit, pa.int64())), _ZERO)
            arrays.append(pc.if_else(present, count, _NO_COUNT))
        else:
            arrays.append(batch.column(c.name))
        names.append(c.name)
    packings = {table.flags.values, table.flags.known}
    if table.fields is not None:
        packings |= {*table.fields.words, table.fields.known}
    for name in batch.schema.names:
        if name not in packings and name not in table.names:
            names.append(name)
            arrays.append(batch.column(name))
    return pa.table(arrays, names=names)

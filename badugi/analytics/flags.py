"""A batch of a table with flags (``declare.Flags``) as its declared columns: the BOOLEAN columns read back
from their bits, ``NULL`` where a known bit is 0 (the Parquet archive keeps the declared columns)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc

from badugi.analytics.declare import Table

_NO_BOOLEAN = pa.scalar(None, pa.bool_())


def unpacked(table: Table, batch: pa.Table) -> pa.Table:
    """``batch`` (``Table.batch_columns``) with the declared columns in their order, then its other columns
    (``_hand_ix``); a table without flags is given back as it is."""
    if table.flags is None:
        return batch
    values, known = batch.column(table.flags.values), batch.column(table.flags.known)
    bits = {c.name: k for k, c in enumerate(table.flag_columns)}
    names, arrays = [], []
    for c in table.columns:
        if c.name in bits:
            mask = pa.scalar(1 << bits[c.name], pa.int64())
            is_set = pc.not_equal(pc.bit_wise_and(values, mask), 0)
            arrays.append(pc.if_else(pc.not_equal(pc.bit_wise_and(known, mask), 0), is_set, _NO_BOOLEAN))
        else:
            arrays.append(batch.column(c.name))
        names.append(c.name)
    for name in batch.schema.names:
        if name not in (table.flags.values, table.flags.known) and name not in table.names:
            names.append(name)
            arrays.append(batch.column(name))
    return pa.table(arrays, names=names)

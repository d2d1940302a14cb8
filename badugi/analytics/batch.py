"""The per-hand work of an import, run in the pool's worker processes: parse and replay split hands and
build Arrow tables shaped like the store's. ``process_file_bytes`` is the same work for a whole file as
one pure function (bytes in, Arrow tables out), so it can be mapped over a cluster engine and its
tables written as Parquet.

This module loads no database library: workers stay small.
"""

from __future__ import annotations

import gc
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from badugi.analytics import pipeline
from badugi.analytics.rows import HAND_IX, HAND_LEVEL, Columns, add_hand, add_internal_reject, add_reject, add_skipped
from badugi.engine.record import Hand
from badugi.parsers.results import ParseFailure, Skipped

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FileBatch:
    """What one slice of one file produced: Arrow tables shaped like the store's, and where it ends.
    ``end_offset``/``end_line`` count only whole hands; bytes after them (an incomplete last hand) are
    ``pending`` and read again next time."""

    file: str
    tables: dict[str, pa.Table]
    start_offset: int
    end_offset: int
    end_line: int
    pending: int


def process_hands(texts: Sequence[Any], file: str, tentative_last: bool = False) -> tuple[dict[str, pa.Table], bool]:
    """Parse and replay hands (the splitters' pieces) into one batch of Arrow tables.

    ``tentative_last``: the last piece ends the file without the room's end-of-hand mark, so it may be
    a hand still being written. It is kept when it reads as a whole hand (a ``Hand`` or a ``Skipped``
    other game) or is no room's text at all; a known room's hand that does not parse is left out, to
    be read again next time. The second value says whether it was kept.

    The cyclic garbage collector is paused for the batch: building it allocates hundreds of thousands
    of small acyclic objects, and the collector's repeated scans of them cost more than the work."""
    columns = Columns()
    kept = True
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        last = len(texts) - 1
        for index, text in enumerate(texts):
            results = tuple(pipeline.read_hand_text(text, file))
            if tentative_last and index == last and text.room is not None \
                    and any(isinstance(r, ParseFailure) for r in results):
                kept = False
                break
            for result in results:
                add_result(columns, result, text)
        return columns.to_arrow(), kept
    finally:
        if was_enabled:
            gc.enable()


def add_result(columns: Columns, result: Hand | Skipped | ParseFailure, text: Any = None) -> None:
    """One read result into its rows; a replay crash keeps the hand and records an ``internal.replay``
    reject with the raw text, so nothing is lost and the bug is visible."""
    if isinstance(result, Hand):
        try:
            replay = pipeline.replay_hand(result)
        except Exception as exc:  # noqa: BLE001 - one bad hand never stops an import
            log.warning("replay failed on %s:%s: %r", result.source.file, result.source.line, exc)
            add_internal_reject(columns, result, "internal.replay", f"replay failed: {exc!r}",
                                getattr(text, "text", ""))
            replay = None
        add_hand(columns, result, replay)
    elif isinstance(result, Skipped):
        add_skipped(columns, result)
    else:
        add_reject(columns, result)


def concat_batches(batches: Sequence[dict[str, pa.Table]]) -> dict[str, pa.Table]:
    """Consecutive batches as one, to be stored in one transaction (fewer, larger statements). Each
    batch's ``_hand_ix`` is its own row number in ``hands``; after the first they are shifted by the hands
    before them, so they stay the row numbers of the joined ``hands``."""
    if len(batches) == 1:
        return batches[0]
    joined: dict[str, pa.Table] = {}
    for name in batches[0]:
        parts, offset = [], 0
        for tables in batches:
            table = tables[name]
            if offset and name in HAND_LEVEL and table.num_rows:
                at = table.schema.get_field_index(HAND_IX)
                table = table.set_column(at, HAND_IX, pc.add(table.column(at), pa.scalar(offset, pa.int32())))
            parts.append(table)
            offset += tables["hands"].num_rows
        joined[name] = pa.concat_tables(parts)
    return joined


def process_file_bytes(data: bytes, file: str, start_offset: int = 0, start_line: int = 1,
                       head: bytes = b"") -> FileBatch:
    """The whole per-file work as a pure function: ``data`` is the file from ``start_offset`` on
    (``head`` its first bytes, for the encoding when ``start_offset > 0``). Returns the tables of every
    whole hand and where the next read must start; an unfinished last hand is left out (``pending``)."""
    texts = list(pipeline.pieces(io.BytesIO(data), file, start_offset, start_line, head or data[:pipeline.HEAD_BYTES],
                                 positioned=True))
    tentative = bool(texts) and not pipeline.is_complete(texts[-1])
    tables, kept = process_hands(texts, file, tentative)
    if not kept:
        texts.pop()
    end, end_line = pipeline.resume_after(texts[-1]) if texts else (start_offset, start_line)
    return FileBatch(file, tables, start_offset, end, end_line, start_offset + len(data) - end)

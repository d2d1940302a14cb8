"""The tables of files rather than hands: text the readers could not read, hands of other games, and
each file's import progress."""

from __future__ import annotations

from badugi.analytics.declare import BIGINT, INTEGER, VARCHAR, Column, Source, Table
from badugi.parsers.results import ParseFailure, Skipped

FAILURE = Source("failure", ParseFailure)


def _joined(expected: tuple[str, ...]) -> str | None:
    return " | ".join(expected) or None


REJECTS = Table("rejects", sources=(FAILURE,), per_file=True, order_by="file, byte_offset", columns=(
    # text the readers could not read: kept whole so nothing is lost
    Column("file", VARCHAR, FAILURE("file")), Column("line", BIGINT, FAILURE("line")),
    Column("byte_offset", BIGINT, FAILURE("offset")), Column("code", VARCHAR, FAILURE("code")),
    Column("room", VARCHAR, FAILURE("room")), Column("room_hand_id", VARCHAR, FAILURE("hand_id")),
    Column("col", INTEGER, FAILURE("column")), Column("message", VARCHAR, FAILURE("message")),
    Column("expected", VARCHAR, FAILURE("expected").stored(_joined)), Column("raw", VARCHAR, FAILURE("raw")),
))

SKIP = Source("skipped", Skipped)

SKIPPED = Table("skipped", sources=(SKIP,), per_file=True, order_by="file, byte_offset", columns=(
    # hands recognised but not read (other games), one row each; counts per file and reason are a view
    Column("file", VARCHAR, SKIP("file")), Column("line", BIGINT, SKIP("line")),
    Column("byte_offset", BIGINT, SKIP("offset")), Column("room", VARCHAR, SKIP("room")),
    Column("room_hand_id", VARCHAR, SKIP("hand_id")), Column("reason", VARCHAR, SKIP("reason")),
))

FILE = Source("file")  # the store's ``FileState``


def _counts(*names: str) -> tuple[Column, ...]:
    return tuple(Column(name, BIGINT, FILE(name)) for name in names)


FILES = Table("files", sources=(FILE,), in_batch=False, order_by="path", columns=(
    # import progress and accounting per file: bytes/lines consumed and a hash of that prefix
    Column("path", VARCHAR, FILE("path")), *_counts("size", "bytes_read", "lines_read"),
    Column("prefix_hash", VARCHAR, FILE("prefix_hash")),
    *_counts("hands_read", "hands_stored", "duplicates", "skipped", "rejects", "violations"),
    Column("rewrites", INTEGER, FILE("rewrites")),  # times the already-read prefix changed and the file was read again
    # why the whole file holds no hand (a tournament summary, ...), else NULL; something said once about
    # the file (read as cp1252, ...)
    Column("skip_reason", VARCHAR, FILE("skip_reason"), since=3), Column("note", VARCHAR, FILE("note"), since=3),
    Column("summaries", BIGINT, FILE("summaries"), since=6),  # tournament summaries read (NULL before it)
))

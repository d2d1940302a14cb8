"""The Parquet archive: a room's whole archive audited with no single writer (``badugi audit --out DIR``).

Each worker writes the store's tables (``schema.TABLES``) for its part of one file as Parquet files of
their own, ``DIR/<table>/<part>.parquet``, so the folder is partitioned by file and part. A part is a
byte range of whole hands of one file (``ranges.ByteRange``, ``HANDS_PER_PART`` hands). Its manifest
entry ``DIR/manifest/<part>.json`` is written last, once every table of the part is in place, and only
parts with an entry exist for readers (``archive_read``): a worker killed mid-part leaves nothing that
counts, and a rerun writes that part again while it skips every part whose entry is there.

The planning runs on the workers too (``plan_file``: one task per file cuts it into parts), so the
client only walks the folders, hands out tasks and collects counts: nothing limits the run but workers. A
large UTF-8 file is cut by bytes where hands start (``_cut_by_bytes``), not split: each of its hands is split
once, by the worker that writes its part (``ranges.read_cut``); its last parts are shorter and handed out
last, so that the workers finish closer together. Other files (and a cut file's last bytes) are split whole.

A part's name holds the file (a hash of its path), its first byte and a hash of its cut and of the file's
bytes up to its end: a file that grew, or changed before the part's end, gets new parts, and the old
ones are removed (entry first) when the file is planned again. Duplicates (a hand in several files, or
twice in one) are kept once by the reader, as a database import keeps them (``archive_read``).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from badugi.analytics.ranges import ByteRange, byte_range, is_settled, next_cut, read_cut, read_range
from badugi.analytics.schema import HAND_KEY, HAND_TABLES, SCHEMA_VERSION, TABLES, arrow_schema
from badugi.analytics.tables import BY_NAME
from badugi.engine.violations import INFORMATIONAL
from badugi.errors import BadInput

WORKER_IMPORTS = ("pyarrow.compute", "pyarrow.parquet", "badugi.analytics.batch", "badugi.analytics.flags",
                  "badugi.parsers.reader")
"""What the workers' tasks (``plan_file``, ``write_part``) import when they run, not this module: the client of an
archive on a cluster only walks the folders and hands out the tasks, so it does not load the parsers, the replay
and the Parquet writer (~1.2 CPU-seconds at its start, beside the cluster's own start). A ``local:N`` cluster's
fork server loads them before it forks the workers (``cluster.WORKER_MODULES``)."""

HANDS_PER_PART = 5000
"""Hands per part: each part is one Parquet file per table, so parts of a few MB keep the file count
low (an archive of 100M hands: 20,000 parts) while a part's work (~3 s here) keeps the workers balanced."""

MANIFEST = "manifest"
MARKER = "archive.json"
COMPRESSION = "zstd"
USE_DICTIONARY = False
"""zstd alone, no dictionary pages: on the mixed corpus's tables (6,245 hands) writing took 0.013 ms a hand against
0.029 with pyarrow's default dictionary encoding, and the files were smaller (269 against 291 bytes a hand)."""
HASH_BLOCK = 4 << 20
SAMPLE_HANDS = 200
"""Hands split at a file's start to learn its bytes a hand, when it is cut by bytes (``_bytes_per_part``)."""
TAIL_SHARE = 2
"""A file's last two parts' worth of bytes go in parts this many times smaller (``_cut_by_bytes``), in a file of
``TAIL_FROM`` parts or more: a run's last parts then run shorter, so that its workers finish closer together."""
TAIL_FROM = 4


def column_encodings(schema: pa.Schema) -> dict[str, str]:
    """Every integer column stored ``DELTA_BINARY_PACKED`` (Parquet's delta encoding of integers, which every
    Parquet reader reads), the others ``PLAIN``: zstd then compresses a few bytes a value instead of 2-8 (line
    numbers, amounts, sequence numbers, hand indexes step by little from row to row). Callgrind, a 5,000-hand
    part's tables: Parquet writes 105.2k -> 95.7k instructions a hand (zstd has less to read), the files 272.9
    -> 277.3 bytes a hand; schemas and values unchanged."""
    return {f.name: "DELTA_BINARY_PACKED" for f in schema if pa.types.is_integer(f.type)}


def statistics_columns(name: str, schema: pa.Schema) -> list[str] | bool:
    """The columns of table ``name`` whose Parquet column chunks get statistics (min, max, nulls): all of them,
    but in a child of ``hands`` (a row per player, action, draw...) no text column other than the hand key. What a
    reader can skip a part by is its numbers and its hands' keys (``room``, ``room_hand_id``: a hand's rows);
    the min and max of a part's player names or cards span nearly every value and skip nothing, and comparing
    every string was ~8k instructions a hand of the archive's worker (callgrind, 5,000 mixed-corpus hands:
    Parquet writes 112.8k -> 104.4k a hand; no statistics at all 92.1k, without the keys' 97.4k)."""
    keyed = BY_NAME[name].keyed
    child = keyed is not None and keyed.child
    return [f.name for f in schema if not pa.types.is_boolean(f.type) and (
        not child or f.name in HAND_KEY or not (pa.types.is_string(f.type) or pa.types.is_large_string(f.type)))]


@dataclass(frozen=True, slots=True)
class Part:
    """One part of one file: its range, the hash of the file's bytes up to its end, and where the file
    stands if its tentative last hand is not kept (``fallback``: end, next line, prefix hash)."""

    name: str
    file_size: int
    range: ByteRange
    prefix_hash: str
    note: str | None = None
    fallback: tuple[int, int, str] | None = None
    skip_reason: str | None = None  # the whole file holds no hand (a part with no range)
    short: bool = False  # one of a file's last parts, cut shorter (``_cut_by_bytes``): handed out last


@dataclass(frozen=True, slots=True)
class FilePlan:
    path: str
    parts: tuple[Part, ...]
    pending: int = 0  # bytes after the last whole hand (an unfinished hand: read next time)


def file_key(path: str) -> str:
    return hashlib.blake2b(path.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def _part_name(path: str, spec: ByteRange, prefix_hash: str, skip_reason: str | None) -> str:
    tentative = "settled" if spec.tentative and spec.settled else spec.tentative  # a settled file is planned anew
    cut = hashlib.blake2b(f"{spec.end},{spec.hands},{spec.digest},{tentative},{prefix_hash},{skip_reason}"
                          .encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
    return f"{file_key(path)}-{spec.start:012d}-{cut}"


class _Prefix:
    """The hash of a file's first N bytes, advanced as the plan goes (the store's ``prefix_hash``)."""

    def __init__(self, path: str) -> None:
        self.handle = open(path, "rb")
        self.hasher = hashlib.blake2b(digest_size=16)
        self.position = 0

    def feed(self, block: bytes, length: int) -> str:
        """The hash once ``block[:length]``, the file's bytes from ``position`` on (read by the caller), is added."""
        self.hasher.update(memoryview(block)[:length])
        self.position += length
        self.handle.seek(self.position)
        return self.hasher.hexdigest()

    def at(self, offset: int) -> str:
        while self.position < offset:
            block = self.handle.read(min(HASH_BLOCK, offset - self.position))
            if not block:
                break
            self.hasher.update(block)
            self.position += len(block)
        return self.hasher.hexdigest()


# ---- on a worker: plan a file, write a part ---------------------------------------------------------


def plan_file(path: str, hands_per_part: int = HANDS_PER_PART) -> FilePlan:
    """Cut one file into parts of whole hands (a worker's task: it reads the whole file once, with the
    room's splitter, as the import's planning does)."""
    from badugi.parsers.reader import HEAD_BYTES, codec_note, cuts_by_bytes, inspect
    from badugi.parsers.results import FileSkipped

    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise BadInput(f"{path}: this worker cannot read it ({exc.strerror or exc}); every worker must see the "
                       "files at the path the client gives") from None
    with handle:
        stat = os.fstat(handle.fileno())
        size, settled = stat.st_size, is_settled(stat.st_mtime)
        head = handle.read(HEAD_BYTES)
        room = inspect(head)
        if isinstance(room, FileSkipped):
            spec = ByteRange(path, 0, 1, 0, 1, 0, "")
            digest = hashlib.blake2b(head, digest_size=16).hexdigest()
            return FilePlan(path, (Part(_part_name(path, spec, digest, room.reason), size, spec, digest,
                                        skip_reason=room.reason),))
        prefix = _Prefix(path)
        try:
            parts: list[tuple[ByteRange, str, tuple[int, int, str] | None]] = []
            note = None
            batch: list[Any] = []
            start, start_line = 0, 1
            target = _bytes_per_part(handle, room, head, size, hands_per_part) if cuts_by_bytes(room, head) else 0
            short_from = None  # the index of the first short part (``Part.short``)
            if target:
                start, start_line, short_from = _cut_by_bytes(handle, prefix, path, size, settled, target, parts)
            handle.seek(start)
            for piece in room.split(handle, head, start, start_line):
                if piece.codec is not None and note is None:
                    note = codec_note(piece, path).message
                batch.append(piece)
                tentative = not piece.complete
                if len(batch) == hands_per_part or tentative:
                    fallback = None
                    if tentative:
                        before = (batch[-2].end_offset, batch[-2].next_line) if len(batch) > 1 else (start, start_line)
                        fallback = (before[0], before[1], prefix.at(before[0]))
                    spec = byte_range(path, batch, start, start_line, tentative, settled)
                    parts.append((spec, prefix.at(spec.end), fallback))
                    start, start_line, batch = spec.end, spec.end_line, []
                    if tentative:
                        break
            if batch:
                spec = byte_range(path, batch, start, start_line)
                parts.append((spec, prefix.at(spec.end), None))
                start = spec.end
        finally:
            prefix.handle.close()
        handle.seek(start)
        tail = handle.read(min(max(size - start, 0), HASH_BLOCK))
        pending = 0 if not tail.strip(b" \t\r\n\x00\xef\xbb\xbf\xff\xfe") else size - start
    return FilePlan(path, tuple(Part(_part_name(path, spec, digest, None), size, spec, digest,
                                     note if spec.hands >= 0 else None, fallback,
                                     short=short_from is not None and index >= short_from)
                                for index, (spec, digest, fallback) in enumerate(parts)), pending)


def _bytes_per_part(handle: Any, room: Any, head: bytes, size: int, hands_per_part: int) -> int:
    """A part's bytes when a file is cut by bytes (``_cut_by_bytes``): the bytes of its first ``SAMPLE_HANDS``
    hands (split here) for ``hands_per_part`` hands; 0 (split the whole file) when it holds fewer than two parts."""
    from itertools import islice

    sample = min(hands_per_part, SAMPLE_HANDS)
    handle.seek(0)
    split = room.split(handle, head, 0, 1)
    pieces = list(islice(split, sample))
    split.close()
    if len(pieces) < sample or not pieces[-1].complete:
        return 0
    target = pieces[-1].end_offset * hands_per_part // sample
    return target if size >= 2 * target else 0


def _cut_by_bytes(handle: Any, prefix: _Prefix, path: str, size: int, settled: bool, target: int,
                  parts: list[tuple[ByteRange, str, tuple[int, int, str] | None]]) -> tuple[int, int, int]:
    """Parts of a UTF-8 text file cut by bytes (as the import's planner cuts a local pool's ranges,
    ``importer._cut_by_bytes``): each ends where the hand before the first line that starts a hand
    (``reader.HandStarts``) ``target`` bytes or more after its start ends (past blank lines), and holds no
    count of its hands (``ByteRange.hands`` -1: the worker that writes it splits it, ``ranges.read_cut``). A
    large file's last ``2 * target`` bytes go in parts of half that size (``TAIL_SHARE``), which the client hands out
    last (``_run``): the run ends with short parts. Appends the parts to ``parts``; returns where the rest
    of the file (less than half a part, or no hand's first line far enough on) starts, which the caller splits,
    and the index in ``parts`` of the first short part (the rest's parts are short too)."""
    from badugi.parsers.reader import HandStarts

    starts = HandStarts()
    done, done_line = 0, 1
    short_from = None
    while True:
        step = target if size - done > 2 * target or size < TAIL_FROM * target else max(1, target // TAIL_SHARE)
        if step < target and short_from is None:
            short_from = len(parts)
        found = None if done + step >= size else next_cut(handle, starts, done, done_line, step)
        if found is None:  # the file's end, or no hand starts far enough on: the rest is split whole
            return done, done_line, len(parts) if short_from is None else short_from
        end, end_line, buffer, ended = found
        parts.append((ByteRange(path, done, done_line, end, end_line, -1, "", False, settled),
                      prefix.feed(buffer, ended), None))
        done, done_line = end, end_line


def write_part(out: str, part: Part) -> dict[str, Any]:
    """Read, parse and replay one part and write its tables, then its manifest entry (a worker's task).
    Returns the entry."""
    import pyarrow.compute as pc

    from badugi.analytics.batch import process_hands
    from badugi.analytics.flags import unpacked, with_hand_key

    spec = part.range
    note = part.note
    if part.skip_reason is not None:
        texts: list[Any] = []
        tables, kept = process_hands((), spec.path)
    elif spec.hands < 0:  # cut by bytes (``_cut_by_bytes``): split here only, its note found here
        from badugi.parsers.reader import codec_note

        texts = read_cut(spec)
        tables, kept = process_hands(texts, spec.path, False, spec.settled)
        note = next((codec_note(text, spec.path).message for text in texts if text.codec is not None), None)
    else:
        texts = read_range(spec)
        tables, kept = process_hands(texts, spec.path, spec.tentative, spec.settled)
    end, end_line, prefix_hash = (spec.end, spec.end_line, part.prefix_hash)
    if not kept and part.fallback is not None:
        end, end_line, prefix_hash = part.fallback
    hands_read = tables["hands"].num_rows
    tables = _first_copies(tables)
    violations = int(pc.sum(pc.invert(tables["violations"].column("undetermined"))).as_py() or 0)
    files_row = {"path": spec.path, "size": max(part.file_size, end), "bytes_read": end, "lines_read": end_line - 1,
                 "prefix_hash": prefix_hash, "hands_read": hands_read, "hands_stored": tables["hands"].num_rows,
                 "duplicates": hands_read - tables["hands"].num_rows, "skipped": tables["skipped"].num_rows,
                 "rejects": tables["rejects"].num_rows, "violations": violations, "rewrites": 0,
                 "skip_reason": part.skip_reason, "note": note, "summaries": tables["tournaments"].num_rows}
    tables["files"] = pa.Table.from_pylist([files_row], schema=arrow_schema("files"))
    rows: dict[str, int] = {}
    for name in TABLES:
        table = unpacked(BY_NAME[name], with_hand_key(BY_NAME[name], tables[name], tables["hands"]))
        if table.num_rows:
            schema = arrow_schema(name)
            if table.schema.names != schema.names:
                table = table.select(schema.names)  # (less ``_hand_ix``)
            if table.schema != schema:  # (the batch's columns have the store's types: no cast, no copy)
                table = table.cast(schema)
            table = _required_where_whole(table)
            _write_atomically(Path(out) / name / f"{part.name}.parquet", table, statistics_columns(name, schema),
                              column_encodings(schema))
        rows[name] = table.num_rows
    entry = {"part": part.name, "path": spec.path, "start": spec.start, "end": end, "pieces": len(texts),
             "hands_read": hands_read,
             "rows": rows, "schema_version": SCHEMA_VERSION, "written": time.time(),
             "skipped_reasons": dict(Counter(tables["skipped"].column("reason").to_pylist())),
             "reject_codes": dict(Counter(tables["rejects"].column("code").to_pylist())),
             "violation_codes": dict(Counter(code for code, unsure in zip(
                 tables["violations"].column("code").to_pylist(), tables["violations"].column("undetermined").to_pylist())
                 if not unsure))}
    _write_text_atomically(Path(out) / MANIFEST / f"{part.name}.json", json.dumps(entry, sort_keys=True))
    return entry


def _required_where_whole(table: pa.Table) -> pa.Table:
    """``table`` with its columns that hold no NULL in this part declared not nullable (Parquet ``REQUIRED``): the
    writer then builds and encodes no definition levels for them (one a value, ~10k instructions a hand of the
    archive's worker on the mixed corpus, callgrind: Parquet writes 94.8k -> 84.9k a hand), and the file is no
    larger. The same columns, types and values: a reader (DuckDB's ``read_parquet`` over parts of both kinds) sees
    no difference; a column with a NULL in the part stays ``OPTIONAL``."""
    schema = table.schema
    fields = [field.with_nullable(False) if field.nullable and not column.null_count else field
              for field, column in zip(schema, table.columns)]
    if fields == list(schema):
        return table
    return pa.Table.from_arrays(table.columns, schema=pa.schema(fields, metadata=schema.metadata))


def _first_copies(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """Only the first copy of a hand that occurs twice in the part (as the store keeps it)."""
    import pyarrow.compute as pc

    from badugi.analytics.rows import HAND_IX

    hands = tables["hands"]
    keys = list(zip(*(hands.column(k).to_pylist() for k in HAND_KEY)))
    if len(set(keys)) == len(keys):
        return tables
    first: dict[tuple[Any, ...], int] = {}
    for ix, key in zip(hands.column(HAND_IX).to_pylist(), keys):
        first.setdefault(key, ix)
    keep = pa.array(sorted(first.values()), pa.int32())
    return {name: (table.filter(pc.is_in(table.column(HAND_IX), value_set=keep)) if name in HAND_TABLES else table)
            for name, table in tables.items()}


def _write_atomically(path: Path, table: pa.Table, statistics: list[str] | bool = True,
                      encodings: dict[str, str] | None = None) -> None:
    import pyarrow.parquet as pq

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp, compression=COMPRESSION, use_dictionary=USE_DICTIONARY, write_statistics=statistics,
                   column_encoding=encodings or None)
    os.replace(tmp, path)


def _write_text_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


# ---- on the client: hand out the tasks ---------------------------------------------------------------


@dataclass
class ArchiveFile:
    """One file's accounting for this run."""

    path: str
    parts: int = 0
    parts_written: int = 0
    parts_kept: int = 0  # finished in an earlier run: skipped
    parts_removed: int = 0  # stale: the file grew or changed
    hands_read: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    rejects: int = 0
    violations: int = 0
    reject_codes: dict[str, int] = field(default_factory=dict)
    violation_codes: dict[str, int] = field(default_factory=dict)
    pending_bytes: int = 0
    file_skipped: str | None = None
    error: str | None = None

    @property
    def faults(self) -> int:
        """Violations that fault a hand (informational notices left out)."""
        return sum(n for code, n in self.violation_codes.items() if code not in INFORMATIONAL)

    def add(self, entry: dict[str, Any]) -> None:
        self.hands_read += entry["hands_read"]
        for into, counts in ((self.skipped, entry["skipped_reasons"]), (self.reject_codes, entry["reject_codes"]),
                             (self.violation_codes, entry["violation_codes"])):
            for key, n in counts.items():
                into[key] = into.get(key, 0) + n
        self.rejects = sum(self.reject_codes.values())
        self.violations = sum(self.violation_codes.values())


@dataclass
class ArchiveReport:
    out: str
    files: list[ArchiveFile] = field(default_factory=list)

    def totals(self) -> dict[str, Any]:
        return {"files": len(self.files), "parts": sum(f.parts for f in self.files),
                "parts_written": sum(f.parts_written for f in self.files),
                "parts_kept": sum(f.parts_kept for f in self.files),
                "parts_removed": sum(f.parts_removed for f in self.files),
                "errors": sum(1 for f in self.files if f.error)}

    def to_dict(self) -> dict[str, Any]:
        return {"out": self.out, "totals": self.totals(), "files": [asdict(f) for f in self.files]}


ProgressCallback = Callable[[str, int, int], None]
"""``(file, parts newly planned to write, parts newly written)``."""


def read_entries(out: Path) -> dict[str, dict[str, Any]]:
    """Every finished part's manifest entry, by part name."""
    entries: dict[str, dict[str, Any]] = {}
    folder = out / MANIFEST
    if not folder.is_dir():
        return entries
    for path in folder.glob("*.json"):
        try:
            entries[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # an entry another run is replacing: not finished as far as this run knows
    return entries


def prepare_folder(out: Path) -> None:
    """Make ``out`` an archive folder (or check that it is one): ``BadInput`` for a folder holding
    other files, or an archive of another store schema."""
    marker = out / MARKER
    if marker.exists():
        try:
            found = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise BadInput(f"--out {out}: unreadable {MARKER} ({exc})") from None
        if found.get("schema_version") != SCHEMA_VERSION:
            raise BadInput(f"--out {out}: an archive of store schema {found.get('schema_version')}, this badugi writes "
                           f"{SCHEMA_VERSION}: use a new folder")
        return
    if out.exists() and any(out.iterdir()):
        raise BadInput(f"--out {out}: a folder holding other files; give a new or empty folder for the archive")
    out.mkdir(parents=True, exist_ok=True)
    _write_text_atomically(marker, json.dumps({"format": "badugi parquet archive", "schema_version": SCHEMA_VERSION,
                                               "tables": list(TABLES)}, indent=1))


def archive_files(files: Sequence[Path], out: Path, executor: Executor, *, hands_per_part: int = HANDS_PER_PART,
                  on_progress: ProgressCallback | None = None, in_flight: int | None = None,
                  plans: Mapping[str, Future[FilePlan]] | None = None) -> ArchiveReport:
    """Audit ``files`` into the archive folder ``out``: plan each file on a worker, then write every part
    not finished by an earlier run, with as many in flight as the executor takes (``in_flight``: at most that
    many submitted at once; a local process pool needs it, see ``_run``). ``plans``: files already being
    planned elsewhere (``plan_file`` submitted to another executor, by path as ``str``), not planned again."""
    prepare_folder(out)
    with open(out / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BadInput(f"--out {out}: another badugi audit is writing this archive") from None
        return _run(files, out, executor, hands_per_part, on_progress, in_flight, plans or {})


def _run(files: Sequence[Path], out: Path, executor: Executor, hands_per_part: int,
         on_progress: ProgressCallback | None, in_flight: int | None = None,
         plans: Mapping[str, Future[FilePlan]] | None = None) -> ArchiveReport:
    """Plans, then parts, submitted in order, no more than ``in_flight`` at once (a local pool's queue holds a
    few parts, not a folder's; its workers are not retired either, see ``make_pool``)."""
    report = ArchiveReport(str(out))
    by_path = {str(path): ArchiveFile(str(path)) for path in files}
    report.files = list(by_path.values())
    done = read_entries(out)
    done_by_file: dict[str, list[str]] = {}
    for name, entry in done.items():
        done_by_file.setdefault(entry.get("path", ""), []).append(name)
    plans = plans or {}
    waiting: deque[tuple[str, str, Any]] = deque(("plan", path, None) for path in by_path if path not in plans)
    short: deque[tuple[str, str, Any]] = deque()  # files' short last parts: once every plan is in and every other part out
    pending: dict[Future[Any], tuple[str, str]] = {plans[path]: ("plan", path) for path in by_path if path in plans}
    while waiting or short or pending:
        while (waiting or (short and not any(kind == "plan" for kind, _ in pending.values()))) and (
                in_flight is None or len(pending) < max(1, in_flight)):
            kind, path, part = waiting.popleft() if waiting else short.popleft()
            future = (executor.submit(plan_file, path, hands_per_part) if kind == "plan"
                      else executor.submit(write_part, str(out), part))
            pending[future] = (kind, path)
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            kind, path = pending.pop(future)
            counts = by_path[path]
            try:
                result = future.result()
            except Exception as exc:  # noqa: BLE001 - one file's failure is reported, the others go on
                counts.error = _error_text(exc)
                continue
            if kind == "plan":
                todo = _to_write(result, out, done, done_by_file.get(path, ()), counts)
                waiting.extend(("part", path, part) for part in todo if not part.short)
                short.extend(("part", path, part) for part in todo if part.short)
                if on_progress is not None:
                    on_progress(path, len(todo), 0)
            else:
                counts.parts_written += 1
                counts.add(result)
                if on_progress is not None:
                    on_progress(path, 0, 1)
    return report


def _to_write(plan: FilePlan, out: Path, done: dict[str, dict[str, Any]], earlier: Iterable[str],
              counts: ArchiveFile) -> list[Part]:
    """The parts of a planned file still to write; stale parts of it (not in the plan) are removed."""
    wanted = {part.name for part in plan.parts}
    for name in earlier:
        if name not in wanted:
            remove_part(out, name)
            counts.parts_removed += 1
    counts.parts = len(plan.parts)
    counts.pending_bytes = plan.pending
    todo = []
    for part in plan.parts:
        if part.skip_reason is not None:
            counts.file_skipped = part.skip_reason
        if part.name in done:
            counts.parts_kept += 1
            counts.add(done[part.name])
        else:
            todo.append(part)
    return todo


def remove_part(out: Path, name: str) -> None:
    """Remove a part: its manifest entry first (readers stop seeing it), then its tables."""
    (out / MANIFEST / f"{name}.json").unlink(missing_ok=True)
    for table in TABLES:
        (out / table / f"{name}.parquet").unlink(missing_ok=True)


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, BadInput):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"

"""The Parquet archive's files themselves (``archive.write_part``), without a cluster."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from badugi.analytics.archive import plan_file, write_part
from badugi.engine.simulate import SimConfig
from badugi.parsers.writers.generate import generate


def _statistics(path: Path) -> dict[str, bool]:
    """Whether each column's chunk in the (one) row group has min/max statistics."""
    meta = pq.ParquetFile(path).metadata.row_group(0)
    return {meta.column(i).path_in_schema: meta.column(i).is_stats_set and meta.column(i).statistics.has_min_max
            for i in range(meta.num_columns)}


def _archived(tmp_path: Path) -> tuple[Path, Path]:
    """A 40-hand simulated PokerStars file and the archive of it (every part written)."""
    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), 5, 40)))
    out = tmp_path / "out"
    for part in plan_file(str(source)).parts:
        write_part(str(out), part)
    return source, out


def test_statistics_kept_for_what_a_reader_skips_parts_by(tmp_path: Path) -> None:
    """A child table's text columns other than the hand key have no min/max (a part's player names span nearly
    every name and skip nothing), nor has any boolean column; its hand key and numbers have them, as every other
    column of ``hands`` has."""
    source, out = _archived(tmp_path)
    [actions] = (out / "actions").glob("*.parquet")
    stats = _statistics(actions)
    assert stats["room"] and stats["room_hand_id"] and stats["seq"] and stats["amount"]
    assert not stats["player"] and not stats["action"]
    assert not stats["is_total"] and not stats["all_in"]  # (a boolean's min and max skip nothing)
    [hands] = (out / "hands").glob("*.parquet")
    assert all(_statistics(hands)[name] for name in ("room", "room_hand_id", "table_name", "game", "line"))


def test_files_planned_elsewhere_are_not_planned_again(tmp_path: Path) -> None:
    """``archive_files(plans=...)`` (a local cluster's files planned while it starts): the executor is given only
    the parts of those files, and the archive holds every part of every file."""
    from concurrent.futures import Future, ThreadPoolExecutor

    from badugi.analytics.archive import archive_files, read_entries

    sources = []
    for seed in (6, 7):
        source = tmp_path / f"hh{seed}.txt"
        source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), seed, 30)))
        sources.append(source)
    submitted: list[str] = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            submitted.append(fn.__name__)
            return super().submit(fn, *args, **kwargs)

    planned: Future[object] = Future()
    planned.set_result(plan_file(str(sources[0]), 10))
    with Recording(2) as executor:
        report = archive_files(sources, tmp_path / "out", executor, hands_per_part=10,
                               plans={str(sources[0]): planned})  # type: ignore[dict-item]
    counts = [len(plan_file(str(source), 10).parts) for source in sources]
    assert submitted.count("plan_file") == 1  # the other file's
    assert submitted.count("write_part") == sum(f.parts for f in report.files) == sum(counts) >= 6
    assert sorted(entry["path"] for entry in read_entries(tmp_path / "out").values()) == (
        [str(sources[0])] * counts[0] + [str(sources[1])] * counts[1])
    assert sum(entry["hands_read"] for entry in read_entries(tmp_path / "out").values()) == 60


def test_integers_are_stored_delta_encoded(tmp_path: Path) -> None:
    """Integer columns are written with Parquet's delta encoding (the rest plain), and read back as written: the
    actions' line numbers are the hand's lines, one after another for a hand's actions."""
    source, out = _archived(tmp_path)
    [actions] = (out / "actions").glob("*.parquet")
    meta = pq.ParquetFile(actions).metadata.row_group(0)
    encodings = {meta.column(i).path_in_schema: meta.column(i).encodings for i in range(meta.num_columns)}
    assert all("DELTA_BINARY_PACKED" in encodings[name] for name in ("seq", "amount", "line", "street"))
    assert "DELTA_BINARY_PACKED" not in encodings["player"] and "PLAIN" in encodings["player"]
    table = pq.read_table(actions)
    lines = source.read_text().split("\n")
    for row in table.slice(0, 30).to_pylist():
        assert row["player"] in lines[row["line"] - 1], row


CLIENT_LOADS = """
import pickle, sys
import badugi.cli
badugi.cli.ONLY = "audit"
import badugi.cli.main
from badugi.analytics.cluster import WORKER_MODULES
plan = pickle.loads(sys.stdin.buffer.read())
assert plan.parts[0].range.hands == 40, plan
heavy = ("badugi.analytics.batch", "badugi.parsers.reader", "badugi.engine.replay", "badugi.analytics.rows",
         "pyarrow.compute", "pyarrow.parquet", "polars")
print(sorted(name for name in heavy if name in sys.modules))
for name in WORKER_MODULES:
    __import__(name)
from badugi.analytics.archive import WORKER_IMPORTS
print(sorted(name for name in WORKER_IMPORTS if name not in sys.modules))
"""


def test_the_archive_client_loads_no_parser(tmp_path: Path) -> None:
    """``audit --out --cluster``'s own process walks the folders, hands out tasks and reads back plans: it imports
    no parser, replay or Parquet writer (the workers' modules, which the fork server preloads), and a plan made on a
    worker unpickles there all the same."""
    import pickle
    import subprocess
    import sys

    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), 5, 40)))
    plan = pickle.dumps(plan_file(str(source)))
    done = subprocess.run([sys.executable, "-c", CLIENT_LOADS], input=plan, capture_output=True, timeout=300,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().split("\n")[:2] == ["[]", "[]"]


def _table_rows(store: object, name: str) -> list[tuple[object, ...]]:
    return store.table(name).rows()  # type: ignore[attr-defined]


def _archive_and_import(tmp_path: Path, source: Path, hands_per_part: int, out: Path) -> tuple[object, Path]:
    from concurrent.futures import ThreadPoolExecutor

    from badugi.analytics.archive import archive_files
    from badugi.analytics.store import Store
    from badugi.analytics.importer import import_files

    with ThreadPoolExecutor(2) as executor:
        report = archive_files([source], out, executor, hands_per_part=hands_per_part)
    db = tmp_path / "db.duckdb"
    if not db.exists():
        with Store(db) as store:
            import_files(store, [source])
    return report, db


def _assert_reads_as(out: Path, db: Path) -> None:
    from badugi.analytics import schema
    from badugi.analytics.archive_read import ParquetStore
    from badugi.analytics.store import Store

    with ParquetStore(out) as archived, Store(db, read_only=True) as store:
        for name in schema.TABLES:
            assert _table_rows(archived, name) == _table_rows(store, name), name


def test_a_large_file_is_cut_by_bytes_and_split_once(tmp_path: Path) -> None:
    """A UTF-8 file of many parts is cut by bytes where hands start: its parts hold no count of their hands (the
    worker that writes one splits it), every hand is in one part, the last two parts' worth of bytes go in shorter
    parts, and the archive reads as the database import of the file."""
    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), 8, 120)))
    plan = plan_file(str(source), 20)
    cut = [part for part in plan.parts if part.range.hands < 0]
    assert len(cut) >= 5 and plan.parts[:len(cut)] == tuple(cut)  # cuts, then the rest split here
    full = [part.range.size for part in cut if not part.short]
    short = [part.range.size for part in cut if part.short]
    assert short and max(short) < min(full)
    assert all(part.short for part in plan.parts[len(cut):])
    assert [part.range.start for part in plan.parts[1:]] == [part.range.end for part in plan.parts[:-1]]
    text = source.read_bytes()
    for part in cut:
        assert text[part.range.end:].lstrip(b"\r\n").startswith(b"PokerStars"), part
    report, db = _archive_and_import(tmp_path, source, 20, tmp_path / "out")
    assert report.files[0].hands_read == 120 and report.totals()["parts_written"] == len(plan.parts)
    _assert_reads_as(tmp_path / "out", db)


def test_a_rerun_replaces_parts_planned_by_hand_counts(tmp_path: Path, monkeypatch: object) -> None:
    """An archive whose parts were planned by splitting the whole file (as before files were cut by bytes): a rerun
    removes those parts (their cuts are not in the new plan), writes the file's parts anew, and counts no hand
    twice."""
    import badugi.parsers.reader as reader

    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), 9, 100)))
    out = tmp_path / "out"
    with monkeypatch.context() as patch:  # type: ignore[attr-defined]
        patch.setattr(reader, "cuts_by_bytes", lambda room, head: False)
        old = plan_file(str(source), 20)
        assert all(part.range.hands > 0 for part in old.parts)
        first, db = _archive_and_import(tmp_path, source, 20, out)
    second, _ = _archive_and_import(tmp_path, source, 20, out)
    assert first.totals()["parts_written"] == len(old.parts) == 5
    assert second.totals()["parts_removed"] == 5 and second.totals()["parts_kept"] == 0
    assert second.files[0].hands_read == 100
    _assert_reads_as(out, db)


def test_the_files_note_is_its_first_hands_in_another_codec(tmp_path: Path) -> None:
    """Two hands read as cp1252 in different parts of a file cut by bytes (each part notes its own first one): the
    archive's ``files`` row notes the first in the file ("from line 5x", not the later "from line 1xxx", which
    sorts first as text), as the database import does."""
    hands = list(generate(SimConfig(room="pokerstars"), 10, 80))
    for index in (3, 60):
        name = hands[index].split(b"Seat 1: ", 1)[1].split(b" (", 1)[0]
        hands[index] = hands[index].replace(name, name + b"\xe9")
    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(hands))
    assert sum(part.range.hands < 0 for part in plan_file(str(source), 10).parts) >= 4
    _, db = _archive_and_import(tmp_path, source, 10, tmp_path / "out")
    from badugi.analytics.archive_read import ParquetStore

    with ParquetStore(tmp_path / "out") as archived:
        [note] = archived.con.execute("SELECT note FROM files").fetchone()
    first_line = b"".join(hands[:3]).count(b"\n") + 1
    assert note.endswith(f"from line {first_line}"), note
    _assert_reads_as(tmp_path / "out", db)


def test_columns_with_no_null_in_a_part_are_required(tmp_path: Path) -> None:
    """A part's column that holds no NULL is written ``REQUIRED`` (no definition levels), one that holds a NULL
    ``OPTIONAL``; both read back as written, and the archive reads every part the same (DuckDB)."""
    from badugi.analytics.archive import prepare_folder
    from badugi.analytics.archive_read import ParquetStore

    source = tmp_path / "hh.txt"
    source.write_bytes(b"".join(generate(SimConfig(room="pokerstars"), 5, 40)))
    out = tmp_path / "out"
    prepare_folder(out)
    for part in plan_file(str(source)).parts:
        write_part(str(out), part)
    [actions] = (out / "actions").glob("*.parquet")
    parquet = pq.ParquetFile(actions)
    levels = {column.name: column.max_definition_level for column in parquet.schema}
    table = pq.read_table(actions)
    assert table.column("post_kind").null_count and levels["post_kind"] == 1
    assert not table.column("seq").null_count and levels["seq"] == 0 and levels["room_hand_id"] == 0
    with ParquetStore(out) as archived:
        assert sorted(archived.table("actions").rows()) == sorted(tuple(row.values()) for row in table.to_pylist())

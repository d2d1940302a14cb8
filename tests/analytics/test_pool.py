"""The import's process pool: what its workers load and how they hold memory."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from badugi.analytics.pool import lean_allocators, make_pool


def _worker_state() -> tuple[bool, str]:
    """Run in a pool worker: whether it imported DuckDB, and where its Arrow buffers come from."""
    return "duckdb" in sys.modules, pa.default_memory_pool().backend_name


def test_pool_workers_load_no_database_and_use_the_system_allocator() -> None:
    """A worker unpickles only what it runs (the pool's initializer, ``batch``): DuckDB stays in the
    importing process (it cost each worker ~5 MB), and the worker's Arrow buffers are given back to the
    system once freed (``lean_allocators``)."""
    with make_pool(1) as pool:
        imported_duckdb, backend = pool.submit(_worker_state).result(timeout=120)
    assert not imported_duckdb
    assert backend == "system"


def _collector_state() -> tuple[int, int, bool]:
    """Run in a pool worker: objects frozen out of the cyclic collector's reach, objects it tracks, and whether
    it runs."""
    return gc.get_freeze_count(), len(gc.get_objects()), gc.isenabled()


def test_pool_workers_leave_what_they_inherited_out_of_the_collector() -> None:
    """A worker's full collections went over every object its fork server had preloaded (the grammars, Arrow,
    the declarations: ~39k), which live as long as the worker, and so wrote to every page holding one: pages
    it shared with the fork server copied into its own memory. They are frozen (``gc.freeze``) once the worker
    starts: the collector still runs, over what the worker made itself."""
    with make_pool(1) as pool:
        frozen, tracked, enabled = pool.submit(_collector_state).result(timeout=120)
    assert enabled
    assert frozen > 10_000 and frozen > tracked


def _private_dirty_mb_around_a_full_collection() -> tuple[float, float]:
    """Run in a pool worker: its private dirty memory (MB) before and after a full garbage collection."""
    import gc

    def private_dirty() -> float:
        with open("/proc/self/smaps_rollup") as fh:
            return next(int(line.split()[1]) for line in fh if line.startswith("Private_Dirty:")) / 1024

    before = private_dirty()
    gc.collect()
    return before, private_dirty()


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="Linux's per-process memory summary")
def test_a_workers_full_collection_keeps_the_fork_servers_pages_shared() -> None:
    """A worker's objects from its fork server (the preloaded parsers, replay and rows) are left out of full
    collections (``pool.keep_shared``): a full collection wrote into each object it visited, copying every page
    of them the worker shared (~8 MB private dirty more after the first one, which a long import's workers ran
    after ~100,000 hands). With them frozen it copies next to nothing."""
    with make_pool(1) as pool:
        before, after = pool.submit(_private_dirty_mb_around_a_full_collection).result(timeout=120)
    assert after - before < 2.0, (before, after)


def test_lean_allocators_switches_arrow_to_the_system_pool() -> None:
    before = pa.default_memory_pool()
    try:
        lean_allocators()
        assert pa.default_memory_pool().backend_name == "system"
        # the values built are Arrow's as before: only where their bytes live changed
        assert pa.array([1, 2, None]).to_pylist() == [1, 2, None]
    finally:
        pa.set_memory_pool(before)


def test_the_pools_workers_live_as_long_as_the_pool() -> None:
    """Python's pool may fail to replace a worker retired after ``max_tasks_per_child`` tasks while tasks wait
    (CPython gh-115634) and then waits forever: no pool of badugi's retires its workers. Two workers run 120
    tasks submitted at once (the import's pool used to retire them after 25, and then this hung): the same
    two processes ran them all. In a subprocess, so a hang fails the test instead of stopping the run."""
    code = ("import os\nfrom badugi.analytics.pool import make_pool\n"
            "if __name__ == '__main__':\n"
            "    with make_pool(2) as pool:\n"
            "        print(len({f.result() for f in [pool.submit(os.getpid) for _ in range(120)]}))\n")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("120 tasks on a pool of 2 did not finish in 120 s")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() in (["1"], ["2"])


def test_an_archive_of_more_parts_than_the_workers_used_to_live_for_finishes(tmp_path: Path) -> None:
    """With every part submitted at once and workers retired after 25 tasks, past 2 x 25 parts with 2 jobs the
    archive mode waited forever with no worker left (always, CPython gh-115634); with a few in flight, one run in
    six still did. Its pool keeps its workers (``make_pool``): 80 parts finish."""
    sample = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars_fl_cash_6max.txt"
    parts = 80
    out = tmp_path / "parts"
    try:
        done = subprocess.run([sys.executable, "-c", "from badugi.cli.main import main; main()", "audit", str(sample),
                               "--out", str(out), "-j", "2", "--part-hands", str(199 // parts), "--json"],
                              capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        pytest.fail("the archive of a file in more parts than two workers live for did not finish in 180 s")
    assert done.returncode in (0, 1), done.stderr[-2000:]
    report = json.loads(done.stdout)
    # (the file is cut by bytes, at about 2 hands' bytes: not exactly 80 parts, but well past 2 x 25)
    assert sum(f["parts_written"] for f in report["files"]) >= 2 * 25 + 10

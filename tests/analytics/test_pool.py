"""The import's process pool: what its workers load and how they hold memory."""

from __future__ import annotations

import sys

import pyarrow as pa

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


def test_lean_allocators_switches_arrow_to_the_system_pool() -> None:
    before = pa.default_memory_pool()
    try:
        lean_allocators()
        assert pa.default_memory_pool().backend_name == "system"
        # the values built are Arrow's as before: only where their bytes live changed
        assert pa.array([1, 2, None]).to_pylist() == [1, 2, None]
    finally:
        pa.set_memory_pool(before)

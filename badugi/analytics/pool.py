"""The import's process pool, and how its processes hold memory.

Pool workers unpickle their initializer by module, so this module is all a worker imports beyond what its
fork server preloaded (``batch``): it loads no database library (``importer`` imports DuckDB, ~5 MB more
per worker when a worker imported it to find its initializer).
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import multiprocessing.forkserver
import os
import platform
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

MALLOC_RELEASE_BYTES = 128 * 1024
"""glibc's own starting values for the two thresholds ``lean_allocators`` fixes: blocks this large are
mapped on their own (and unmapped when freed), and free memory this large at the top of the heap is given
back."""

_M_TRIM_THRESHOLD = -1  # mallopt's parameter numbers (glibc's malloc.h)
_M_MMAP_THRESHOLD = -3


def lean_allocators() -> None:
    """Make this process give freed memory back instead of keeping it for later (a pool worker, where
    memory is the limit; called once, before the work).

    - Arrow's buffers come from the C library's allocator: Arrow's default (mimalloc) kept ~13 MB more per
      pool worker once a batch's tables were freed. ``pyarrow.set_memory_pool`` is Arrow's own switch.
    - glibc's thresholds are fixed at their starting values (``mallopt``). By default glibc raises them each
      time a large block is freed, so the next batch's MB-sized buffers (pickled hands, IPC streams, Arrow
      columns) came from the heap and stayed there, spread so the heap could not shrink.
    Measured with 2 jobs on 50,000 hands: the pool workers' peak PSS 89 -> 63-70 MB each, with no more CPU
    a hand. The importing process is left as it is: there it saved ~6 MB (DuckDB has its own allocator) but
    took ~0.25 s more system time per 50,000 hands (its 3 MB results mapped and unmapped one by one).
    Elsewhere than glibc only Arrow's pool is switched."""
    import pyarrow as pa  # here, not at the top: the console script imports this module before the others

    pa.set_memory_pool(pa.system_memory_pool())
    if platform.libc_ver()[0] != "glibc":
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    mallopt(_M_MMAP_THRESHOLD, MALLOC_RELEASE_BYTES)
    mallopt(_M_TRIM_THRESHOLD, MALLOC_RELEASE_BYTES)


def keep_shared() -> None:
    """Leave the objects this process has now (a pool worker: what its fork server imported, ``PRELOAD``)
    out of the garbage collector's full collections (``gc.freeze``, meant for forked servers). A full
    collection writes into the header of every object it visits, so the first one a worker ran copied each
    page of the fork server's objects it still shared: ~8 MB of its memory (private dirty 5 -> 13 MB after one
    ``gc.collect`` in a new worker) stopped being shared with the fork server and the other workers. A long
    import's workers ran their first full collection after ~100,000 hands, so the import's peak PSS grew
    ~11 MB (each worker +3.6 MB, the fork server +3.6 MB) between 50,000 and 400,000 hands. The objects
    frozen live as long as the worker anyway (modules, functions, the readers' tables), and each full
    collection no longer goes over all ~39k of them again (a pool worker's collections 8.2k -> 4.2k
    instructions a hand, callgrind)."""
    gc.freeze()


PRELOAD = ("badugi.analytics.batch", "badugi.analytics.frozen")
"""What the pool's fork server imports once, for every worker it forks: the parsers, the replay, the rows; then
``frozen`` freezes them (``gc.freeze``) in the server, as a ``local:N`` cluster's server does (``cluster.FREEZE``):
its own exit skips collections over them, and a cluster started later in the same process (the tests) forks its
workers from this server with its objects frozen too."""


def start_fork_server() -> None:
    """Start the pool's fork server now, its imports (``PRELOAD``) running beside this process's own: the
    ``badugi`` console script calls it before it imports the command's modules (``cli.start_early``).
    ``make_pool`` starts it when it is not running yet."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    multiprocessing.forkserver.ensure_running()


def make_pool(jobs: int) -> ProcessPoolExecutor:
    """A process pool whose workers start from a clean server process (never a fork of a process that
    holds DuckDB threads) with the parsers already imported. Its workers live as long as the pool: Python's
    pool may fail to replace a worker retired by ``max_tasks_per_child`` while tasks wait (CPython gh-115634,
    fixed in 3.13), and then waits forever (the archive mode hung so); the readers' memos are bounded
    (``Memo.limit``), so a worker's memory stays flat without retiring it (one worker's anonymous memory
    60-64 MB from its 20th to its 200th task of 1,000 hands)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_setup,
                               initargs=(os.getpid(),))


def _worker_setup(importer_pid: int) -> None:
    """Workers leave Ctrl-C to the importing process, which stops cleanly between batches, and exit on
    their own when that process is gone (killed with SIGKILL, it cannot shut its pool down). They give
    freed memory back (``lean_allocators``) and keep the fork server's pages shared (``keep_shared``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep_shared()
    lean_allocators()
    threading.Thread(target=_exit_with, args=(importer_pid,), daemon=True, name="exit-with-importer").start()


def _exit_with(pid: int) -> None:
    while True:
        time.sleep(1.0)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # a new process reused the id under another user: ours is gone
            os._exit(1)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))

"""The engine past one machine: a dask.distributed cluster (the optional extra ``badugi[cluster]``).

``connect(address)`` gives an ``Engine``: a ``concurrent.futures`` executor whose tasks run on the
cluster's workers, and how many run at once. ``address`` is a scheduler (``tcp://host:8786``) or
``local:N``, a LocalCluster of N worker processes started for the run and stopped after it. The import
(``importer.import_files(by_range=True)``) and the Parquet archive (``archive``) submit plain functions
to it; the scheduler places them, and re-runs the task of a worker that dies on another worker.

dask is imported only here and only when a command asks for a cluster: without the extra every other
command works as before.
"""

from __future__ import annotations

import importlib.util
import logging
import multiprocessing
import multiprocessing.forkserver
import re
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from badugi.errors import BadInput, BadugiError

LOCAL = re.compile(r"local:(\d+)")
CONNECT_TIMEOUT_S = 30
"""How long to wait for the scheduler to answer, and for a worker to be there."""

INSTALL = "pip install 'badugi[cluster]'"

WORKER_MODULES = ("badugi.analytics.archive", "badugi.analytics.ranges", "badugi.analytics.batch", "pyarrow.compute",
                  "pyarrow.parquet", "badugi.analytics.flags")
"""What a worker runs (the archive's tasks and the import's ranges: the parsers, the replay, pyarrow; the two
modules import the rest when a task runs, ``archive.WORKER_IMPORTS``)."""

FREEZE = "badugi.analytics.frozen"
"""The fork server's last preload: ``gc.freeze`` of what it imported (see that module)."""

LOCAL_CONFIG = {
    # workers forked from one server process that imported dask and badugi once, instead of two fresh
    # interpreters importing both each: the run starts ~1 s sooner and stops ~0.5 s sooner on 2 cores
    "distributed.worker.multiprocessing-method": "forkserver",
    # what runs beside the tasks, for a dashboard and log warnings nobody sees here (the logs are silenced):
    # the statistical profiler samples every worker thread's stack every 10 ms, and each server (the
    # scheduler, the nannies, the workers) checks its event loop every 20 ms and the machine every 0.5 s;
    # the nanny reads its worker's memory every 0.1 s (now every 0.5 s). Measured on an idle local:2
    # cluster: 0.012 CPU seconds a second instead of 0.058 (2.3 % of a 2-core machine)
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "500ms",
    # a worker is sent its next task when it finishes one (dask's default sends 2 to a 1-thread worker:
    # the second can wait there behind a long task while another worker has nothing left to do)
    "distributed.scheduler.worker-saturation": 1.0,
    # no HTTP endpoints (health, metrics, the JSON API): the scheduler and each worker import and route them
    # at their start for a dashboard nobody opens here (~4 ms of the client's start; with ``dashboard=False``
    # not the bokeh dashboard either, where bokeh is installed)
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}
"""dask's configuration for a ``local:N`` cluster (a scheduler's own workers keep theirs: docs/scale.md)."""


@dataclass(frozen=True)
class Engine:
    """A connected cluster: submit to ``executor``; ``slots`` tasks run at once (worker threads). A ``local:N``
    cluster may still be starting: ``executor.submit`` and ``client`` wait for it (``connect``)."""

    executor: Executor
    slots: int
    address: str
    workers: int
    started: Future[tuple[Any, Any]]
    """The LocalCluster (``None`` for a scheduler's) and the ``distributed.Client``, once connected."""

    @property
    def client(self) -> Any:
        return self.started.result()[1]


class ClusterFailed(BadugiError):
    """A ``local:N`` cluster that could not start (``BadInput`` there, e.g. dask unusable), raised where its
    first task is submitted: one clear line, and a command that reads again (``import --watch``) stops
    instead of trying its files again."""


class _Starting(Executor):
    """A local cluster's executor while the cluster starts: a task submitted waits for it, and a failed
    start raises its error there (``ClusterFailed`` for one the user can fix)."""

    def __init__(self, started: Future[tuple[Any, Any]]) -> None:
        self._started = started
        self._executor: Executor | None = None

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._executor is None:
            try:
                client = self._started.result()[1]
            except BadInput as exc:
                raise ClusterFailed(str(exc)) from None
            self._executor = client.get_executor(pure=False)
        return self._executor.submit(fn, *args, **kwargs)


def parse_address(address: str) -> tuple[str, int | None]:
    """``("local", N)`` for ``local:N``, else ``(scheduler address, None)``; ``BadInput`` when neither."""
    local = LOCAL.fullmatch(address.strip())
    if local:
        workers = int(local.group(1))
        if workers < 1:
            raise BadInput(f"--cluster {address}: local:N wants at least 1 worker")
        return "local", workers
    if re.fullmatch(r"(tcp|tls|inproc|ucx|ws|wss)://\S+", address.strip()):
        return address.strip(), None
    raise BadInput(f"--cluster wants a scheduler address (tcp://host:8786) or local:N, got {address!r}")


def _load() -> Any:
    try:
        import distributed
    except ImportError:
        raise BadInput(f"--cluster needs dask.distributed, an optional extra: {INSTALL}") from None
    return distributed


def worker_versions() -> tuple[str, int]:
    """Run on each worker: the badugi it has (the version and the store's schema), with the parsers
    loaded, so the first task does not pay for the imports."""
    import badugi
    import badugi.analytics.ranges  # noqa: F401 - warm the worker
    from badugi.analytics.schema import SCHEMA_VERSION

    return getattr(badugi, "__version__", "?"), SCHEMA_VERSION


@contextmanager
def connect(address: str) -> Iterator[Engine]:
    """A cluster for the duration of a command (see the module docstring). ``BadInput`` with one clear
    line when dask is not installed, the scheduler does not answer or a worker runs another badugi.

    A ``local:N`` cluster starts in a thread of its own: ``connect`` returns at once, and the command reads
    its files and opens its database while the workers start (the start mostly waits: for the fork server's
    imports, then for each worker to start and register); its first task waits for the cluster."""
    where, local_workers = parse_address(address)
    if local_workers is not None:
        start_fork_server()
        if importlib.util.find_spec("distributed") is None:
            _load()  # says what to install
        settings = ExitStack()
        starter = ThreadPoolExecutor(1, thread_name_prefix="badugi-cluster-start")
        started = starter.submit(_start_local, local_workers, settings)
        starter.shutdown(wait=False)  # its thread ends with the start
        try:
            yield Engine(_Starting(started), local_workers, where, local_workers, started)
        finally:
            try:
                cluster, client = started.result()
            except BaseException:  # noqa: BLE001 - raised where a task was submitted, or not needed
                pass
            else:
                client.close()
                cluster.close()
            settings.close()
        return
    distributed = _load()
    try:
        client = distributed.Client(where, timeout=CONNECT_TIMEOUT_S)
    except OSError as exc:
        raise BadInput(f"--cluster {where}: no scheduler answers there ({exc})") from None
    try:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT_S)
        except (TimeoutError, OSError):
            raise BadInput(f"--cluster {where}: the scheduler has no worker (start some with "
                           f"`dask worker {where} --nthreads 1`)") from None
        # a scheduler's workers may run another badugi (local ones are forked from this process's fork
        # server, with the parsers loaded: nothing to check or warm there)
        _check_workers(client, where)
        threads = client.nthreads()
        connected: Future[tuple[Any, Any]] = Future()
        connected.set_result((None, client))
        yield Engine(client.get_executor(pure=False), sum(threads.values()), where, len(threads), connected)
    finally:
        client.close()


def _start_local(workers: int, settings: ExitStack) -> tuple[Any, Any]:
    """A LocalCluster of ``workers`` one-thread worker processes and its client."""
    distributed = _load()
    # kept while the cluster runs: a nanny that restarts a lost worker reads it again
    settings.enter_context(_local_settings())
    # one thread per worker process: parsing is pure Python (the GIL); every port on the loopback and
    # chosen free (the scheduler's HTTP server would take 8787 on every interface)
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0", scheduler_kwargs={"dashboard": False},
                                       silence_logs=logging.CRITICAL)
    try:
        return cluster, distributed.Client(cluster)
    except BaseException:
        cluster.close()
        raise


def start_fork_server() -> None:
    """Start the server the local workers are forked from, with dask and the workers' modules imported
    (``WORKER_MODULES``, then ``FREEZE``), before this process imports dask: the two imports run side by side.
    The ``badugi`` console script calls it before it imports the command's modules (``cli.start_early``), so
    the server's imports run beside those too. A fork server already running in this process (an earlier
    pool or cluster) keeps what it loaded; the workers import the rest themselves.

    The workers have the server's environment, not their nanny's: dask's ``distributed.nanny.pre-spawn-environ``
    (malloc's trim threshold, one thread for numeric libraries) is only known once ``distributed`` is imported
    (its defaults come with it), and importing dask first only delayed the server by ~0.15 s (before round 23
    it read that key there, found nothing and set nothing)."""
    if importlib.util.find_spec("distributed") is None:
        return  # _load says what to install
    multiprocessing.get_context("forkserver").set_forkserver_preload(["distributed", *WORKER_MODULES, FREEZE])
    multiprocessing.forkserver.ensure_running()


@contextmanager
def _local_settings() -> Iterator[None]:
    """``LOCAL_CONFIG`` for the duration (dask names its own modules to preload the first time it makes
    its multiprocessing context: the fork server is running by then and keeps ours)."""
    import dask

    with dask.config.set(LOCAL_CONFIG):
        yield


def _check_workers(client: Any, where: str) -> None:
    """Every worker must run this badugi (same version and store schema): the rows must not depend on
    which worker read a hand."""
    mine = worker_versions()
    try:
        theirs = client.run(worker_versions)
    except ModuleNotFoundError:
        raise BadInput(f"--cluster {where}: a worker cannot import badugi (install it on every worker: "
                       f"{INSTALL})") from None
    for worker, version in theirs.items():
        if tuple(version) != mine:
            raise BadInput(f"--cluster {where}: worker {worker} runs badugi {version[0]} (schema {version[1]}), "
                           f"this one {mine[0]} (schema {mine[1]}): install the same badugi everywhere")

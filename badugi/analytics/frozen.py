"""Imported last by a fork server (a ``local:N`` cluster's, ``cluster.FREEZE``, and the local pool's, ``pool.PRELOAD``): what
the server imported (dask, the parsers, pyarrow: ~76k objects the collector tracks) leaves the garbage collector's full
collections (``gc.freeze``, meant for forked servers), in the server and in each worker forked from it.

- A worker's collections no longer go over those objects again and again, nor write into their headers, which
  kept the server's pages shared until then (as the local pool's workers do for themselves,
  ``pool.keep_shared``).
- The server's own exit, when the command ends, skips its collections over them (~0.3 s of CPU and of the
  time until the command's output closes)."""

import gc

gc.freeze()

"""Options more than one command takes, defined where nothing heavy is imported: ``audit --out --cluster`` runs
a client that loads neither the database nor the parsers (``analytics.archive``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

ClusterOption = Annotated[Optional[str], typer.Option(
    "--cluster", metavar="ADDRESS", help="Parse and replay on a dask cluster: a scheduler (tcp://host:8786) or "
                                         "local:N (N worker processes started for the run). Needs badugi[cluster].")]

ParquetOption = Annotated[Optional[Path], typer.Option(
    "--parquet", metavar="DIR", help="Read a Parquet archive (written by badugi audit --out DIR) instead of a database.")]

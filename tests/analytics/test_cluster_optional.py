"""Without the ``badugi[cluster]`` extra every command works, and ``--cluster`` says what to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.cli.main import app
from conftest import SAMPLES

runner = CliRunner()


def test_without_dask_import_works_and_cluster_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails, as without the extra
    source = str(SAMPLES / "phh_fl_cash.phhs")
    plain = runner.invoke(app, ["import", source, "--db", str(tmp_path / "a.duckdb"), "--jobs", "1", "--json"])
    assert plain.exit_code == 0, plain.output
    for args in (["import", source, "--db", str(tmp_path / "b.duckdb")], ["audit", source, "--out", str(tmp_path / "p")]):
        result = runner.invoke(app, [*args, "--cluster", "local:2"])
        assert result.exit_code == 2
        assert "pip install 'badugi[cluster]'" in result.output

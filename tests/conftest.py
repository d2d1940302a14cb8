"""Shared fixtures: the real client-written files live in ../shared/real_hh and are never copied here; the
sample report (``badugi report`` on the bundled samples) is built and rendered once per run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from chromium import render

# Property tests draw the same examples on every run (seeded from each test's own code), so a run of the
# suite, in CI above all, passes or fails for the code, never for a lucky draw. BADUGI_HYPOTHESIS=random
# explores new examples on a developer's machine (what it finds is kept in .hypothesis/ and replayed).
settings.register_profile("reproducible", derandomize=True)
settings.register_profile("random", derandomize=False)
settings.load_profile(os.environ.get("BADUGI_HYPOTHESIS", "reproducible"))

ROOT = Path(__file__).resolve().parent.parent
REAL_HH = ROOT.parent / "shared" / "real_hh"
SAMPLES = ROOT / "sample_histories"


def real_file(relative: str) -> Path:
    """Path of a real hand-history file, skipping the test cleanly when the folder is absent."""
    path = REAL_HH / relative
    if not path.exists():
        pytest.skip(f"real hand histories not available: {path}")
    return path


@pytest.fixture
def every_game_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's gate open for every game of ``badugi.engine.games.GAMES`` whatever ``REPLAYED`` says (it
    lists them all since the engine replays the whole draw family; a test that narrows it patches it)."""
    from badugi.engine import games

    monkeypatch.setattr(games, "REPLAYED", frozenset(games.GAMES))


@pytest.fixture
def real_hh() -> Path:
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    return REAL_HH


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled samples imported as a new user does."""
    from typer.testing import CliRunner

    from badugi.cli.main import app

    db = tmp_path_factory.mktemp("samples") / "samples.duckdb"
    imported = CliRunner().invoke(app, ["import", str(SAMPLES), "--db", str(db), "--jobs", "1", "--json"])
    assert imported.exit_code == 0, imported.output
    return db


@pytest.fixture(scope="session")
def sample_report(sample_db: Path) -> Path:
    """``badugi report`` on the bundled samples (USD cash and tournament chips)."""
    from typer.testing import CliRunner

    from badugi.cli.main import app

    out = sample_db.parent / "report.html"
    result = CliRunner().invoke(app, ["report", "--db", str(sample_db), "--out", str(out)], env={"BADUGI_HERO": ""})
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="session")
def sample_selftest(sample_report: Path, tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """The sample report rendered in headless Chromium with ``#selftest``: the replayer clicked through
    every listed hand (closing it again after each)."""
    return render(sample_report, tmp_path_factory.mktemp("profile"), "selftest")

"""Shared fixtures: the real client-written files live in ../shared/real_hh and are never copied here."""

from __future__ import annotations

from pathlib import Path

import pytest

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
def real_hh() -> Path:
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    return REAL_HH

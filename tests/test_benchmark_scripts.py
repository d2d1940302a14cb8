"""The benchmarks' helper that counts memo hits still runs against the engine as it is (a memo removed from the
engine once broke ``benchmarks/import.py`` before it measured anything): run on one real file, not timed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from conftest import real_file

ROOT = Path(__file__).resolve().parent.parent


def test_memo_rates_runs_on_a_real_file() -> None:
    path = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt")
    spec = importlib.util.spec_from_file_location("memo_rates", ROOT / "benchmarks" / "memo_rates.py")
    assert spec is not None and spec.loader is not None
    memo_rates = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(memo_rates)
    result = memo_rates.measure([path], hands=3)
    assert result["hands"] == 3 and 0.0 <= result["rate"] <= 1.0
    assert "pokerstars.act_blocks" in result["memos"]

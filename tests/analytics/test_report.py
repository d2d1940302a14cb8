"""The HTML report: self-contained, names escaped, and (in headless Chromium) every chart renders with
no console error."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from badugi.analytics.report import build_report
from badugi.analytics.selection import Selection
from badugi.analytics.store import Store
from badugi.engine.policies import CallingStation, Snow, Sound
from badugi.engine.simulate import SimConfig

from sim_store import simulate_into

EVIL = "<script>alert(1)</script>"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    policies = (CallingStation(), Sound(), Snow(), Sound())
    with Store(folder / "sim.duckdb", memory_limit=None) as store:
        simulate_into(store, policies, 400, seed=5,
                      config=SimConfig(players=4, policies=policies, hero_name=EVIL))
        page = build_report(store.con, Selection(hero=True), "hero")
    path = folder / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def test_names_are_escaped_and_nothing_is_fetched(report: Path) -> None:
    page = report.read_text(encoding="utf-8")
    assert EVIL not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=[\"']?https?:", page)  # offline: nothing external
    assert page.count("plotly-graph-div") >= 5
    for heading in ("Winnings", "Results by position and stakes", "Draws", "Stats (95 % Wilson intervals)", "Leaks",
                    "Against the rest of the database"):
        assert f"<h2>{heading}</h2>" in page
    # the calling station's calling-down leak comes with example hands replayed as text
    assert "calling down with three-card hands" in page and "replayed</summary><pre>" in page


def test_report_renders_in_headless_chromium(report: Path, tmp_path: Path) -> None:
    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000", "--dump-dom", report.as_uri()]
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    figures = dom.count('class="plotly-graph-div')
    assert figures >= 5
    assert dom.count('class="main-svg"') >= figures  # plotly drew every figure
    assert "alert(1)" not in re.sub(r"&lt;script&gt;alert\(1\)&lt;/script&gt;", "", dom)
    # headless Chromium logs every console message (console.error as well as uncaught exceptions) at
    # INFO level as "CONSOLE"; the report writes none, so any such line is a failure
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console

"""Headless Chromium for the HTML tests: the page as Chromium leaves it once its scripts ran
(``--dump-dom``), and what the replayer's ``#selftest`` showed at every step it clicked."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


def render(page: Path, profile: Path, fragment: str = "") -> subprocess.CompletedProcess[str]:
    """The page (with ``#fragment``) as headless Chromium leaves it once its scripts ran, with the
    browser's log on stderr."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000", "--dump-dom",
            page.as_uri() + (f"#{fragment}" if fragment else "")]
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def console_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    """Headless Chromium logs every console message (console.error as well as uncaught exceptions) at
    INFO level as "CONSOLE"; our pages write none, so any such line is a failure."""
    return [line for line in result.stderr.splitlines() if ":CONSOLE" in line]


SELFTEST = re.compile(r'<pre id="selftest"[^>]*>(.*?)</pre>', re.S)


def selftest_records(dom: str) -> list[dict[str, Any]]:
    """The replayer's ``#selftest`` output: one JSON object per frame shown."""
    match = SELFTEST.search(dom)
    assert match, "the replayer's self-test wrote nothing"
    return [json.loads(line) for line in html.unescape(match.group(1)).splitlines() if line]

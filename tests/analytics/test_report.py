"""The HTML report: self-contained, names escaped, and (in headless Chromium) every chart renders with
no console error."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from badugi.analytics.report import build_report
from badugi.analytics.selection import Selection
from badugi.analytics.store import Store
from badugi.engine.policies import CallingStation, Snow, Sound
from badugi.engine.simulate import SimConfig

from chromium import SELFTEST, console_lines, render, selftest_records
from sim_store import simulate_into

EVIL = "<script>alert(1)</script>"


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
    for heading in ("Winnings", "Results by position and stakes", "Sessions", "Draws", "Stats (95 % Wilson intervals)",
                    "Leaks", "Against the rest of the database"):
        assert f"<h2>{heading}</h2>" in page
    # the simulator deals a hand every 15 to 140 seconds at one table: one session of all 400 hands, and its by-hour chart
    sessions = page[page.index("<h2>Sessions</h2>"):page.index("<h2>Draws</h2>")]
    assert "1 session " in sessions and "<td>400</td>" in sessions and "By hour of day (UTC)" in sessions
    # the calling station's calling-down leak comes with example hands, each opening the replayer
    assert "calling down with three-card hands" in page and 'class="rp-open" data-hand="' in page
    assert page.count('<script type="application/json" id="replayer-data">') == 1


def test_report_renders_in_headless_chromium(report: Path, tmp_path: Path) -> None:
    """Every chart draws, nothing logs to the console, and the replayer (clicked through every listed hand
    by its self-test) shows the hostile hero name as text."""
    result = render(report, tmp_path / "profile", "selftest")
    dom = result.stdout
    figures = dom.count('class="plotly-graph-div')
    assert figures >= 5
    assert dom.count('class="main-svg"') >= figures  # plotly drew every figure
    records = selftest_records(dom)
    assert records and all(EVIL in r["names"] for r in records if "names" in r)
    outside = SELFTEST.sub("", dom)  # the self-test's JSON holds the name as text, HTML-escaped
    # the name appears only escaped: as HTML text, or inside the replayer's JSON as \u003c...\u003e
    escaped = r"&lt;script&gt;alert\(1\)&lt;/script&gt;|\\u003cscript\\u003ealert\(1\)\\u003c/script\\u003e"
    assert "alert(1)" not in re.sub(escaped, "", outside)
    console = console_lines(result)
    assert not console, console


class _Cards(HTMLParser):
    """The headline cards of a rendered report: (classes, attributes, value text, label text)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, object]] = []
        self._depth = 0  # open divs inside the current card
        self._part: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div":
            return
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if self._depth:
            self._depth += 1
            self._part = "value" if "v" in classes else "label" if "k" in classes else self._part
        elif "card" in classes:
            self.cards.append({"classes": classes, "attrs": found, "value": "", "label": ""})
            self._depth = 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1
            self._part = None

    def handle_data(self, data: str) -> None:
        if self._depth and self._part:
            self.cards[-1][self._part] = str(self.cards[-1][self._part]) + data


def test_sample_report_headline_net_is_a_number_with_its_currency(sample_selftest: subprocess.CompletedProcess[str]) -> None:
    """The first page a new user sees: in the rendered page every headline "net won" card reads as a number
    and its unit (USD for the cash samples, big blinds for the tournament), never a word like "mixed"."""
    dom = SELFTEST.sub("", sample_selftest.stdout)
    parser = _Cards()
    parser.feed(dom)
    nets = [card for card in parser.cards if "net" in card["classes"]]  # type: ignore[operator]
    assert [str(card["label"]).split(" (")[0] for card in nets] == ["net won, USD cash", "net won, tournament chips"]
    for card in nets:
        value = str(card["value"]).strip()
        match = re.fullmatch(r"(-?[\d,]+\.\d+) (USD|bb)", value)
        assert match, value
        attrs = card["attrs"]
        assert match.group(2) == attrs["data-unit"]  # type: ignore[index]
        assert float(match.group(1).replace(",", "")) == pytest.approx(float(attrs["data-net"]), abs=0.05)  # type: ignore[index]
    hands = next(card for card in parser.cards if card["label"] == "hands")
    assert str(hands["value"]).strip() == "1,150"  # every sample hand is the hero's ("Hero" in each file)
    visible = re.sub(r"<(script|style)\b.*?</\1>", "", dom, flags=re.S)
    assert "mixed" not in visible

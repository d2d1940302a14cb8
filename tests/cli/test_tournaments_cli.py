"""``badugi tournaments`` through Typer's runner: summaries imported by ``badugi import``, then table, JSON
and CSV on stdout, the hero's note on stderr, untrusted names escaped, and the report's section."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path
from textwrap import dedent

import pytest
from typer.testing import CliRunner

from badugi.cli._output import shown
from badugi.cli.main import app
from conftest import REAL_HH, SAMPLES

runner = CliRunner()

HOSTILE_NAME = "[bold red]pwn\x1b[31m<b>"
HOSTILE_TITLE = "<script>alert(1)</script> [link=x]win[/link]"


def summary(tid: str, owner: str, place: int, prize: str, title: str = "Sit & Go") -> str:
    """A Full Tilt summary of a 3-player $10 + $1 Sit & Go that ``owner`` finished ``place``."""
    others = iter(("Dan", "Eve"))
    rows = [f"{k}: {owner if k == place else next(others)}{', $' + prize if k == place and prize else ''}"
            for k in (1, 2, 3)]
    return dedent(f"""\
        Full Tilt Poker Tournament Summary {title} ({tid}) Badugi Limit
        Buy-In: $10 + $1
        3 Entries
        Total Prize Pool: $30
        Tournament started: 2012/03/17 10:00:00 ET
        Tournament finished: 2012/03/17 11:00:00 ET

        """) + "\n".join(rows) + f"\n{owner} finished in {place}{'st' if place == 1 else 'th'} place\n"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("summaries")
    (folder / "a.txt").write_text(summary("1", "Ann", 1, "30"), encoding="utf-8")
    (folder / "b.txt").write_text(summary("2", "Ann", 3, ""), encoding="utf-8")
    (folder / "c.txt").write_text(summary("3", "Bob", 1, "30"), encoding="utf-8")
    path = folder / "t.duckdb"
    result = runner.invoke(app, ["import", str(folder), "--db", str(path), "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["totals"]["summaries"] == 3
    return str(path)


def test_the_table_shows_each_buy_in_and_the_currency_total(db: str) -> None:
    result = runner.invoke(app, ["tournaments", "--db", db])
    assert result.exit_code == 0, result.output
    assert "10.00 + 1.00 USD" in result.stdout and "all" in result.stdout
    assert "50.0% [" in result.stdout and "1/2" in result.stdout  # ITM 1 of 2, with its interval
    assert "+36.4%" in result.stdout  # (30 - 22) / 22
    assert "hero: Ann (the player the most tournament summaries are for)" in result.stderr
    assert "Bob (1 summary in fulltilt)" in result.stderr


def test_json_and_csv(db: str) -> None:
    result = runner.invoke(app, ["tournaments", "--db", db, "--hero", "Ann", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    [row] = data["results"]
    assert data["hero"] == ["Ann"] and (row["currency"], row["group"]) == ("USD", "10.00 + 1.00 USD")
    assert (row["entries"], row["cost"], row["won"], row["net"]) == (2, 2200, 3000, 800)
    assert row["itm"]["done"] == 1 and row["itm"]["opportunities"] == 2 and len(row["itm"]["ci"]) == 2
    assert row["roi"]["value"] == pytest.approx(800 / 2200) and row["roi"]["entries"] == 2
    assert data["totals"][0]["net"] == 800
    rows = list(csv.DictReader(io.StringIO(runner.invoke(
        app, ["tournaments", "--db", db, "--hero", "Bob", "--format", "csv"]).stdout)))
    assert [(r["group"], r["entries"], r["net"]) for r in rows] == [("10.00 + 1.00 USD", "1", "1900")]


def test_by_tournament_lists_each_entry(db: str) -> None:
    result = runner.invoke(app, ["tournaments", "--db", db, "--hero", "Ann", "--by", "tournament", "--format", "json"])
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)["entries"]
    assert [(e["tournament_id"], e["place"], e["net"]) for e in entries] == [("1", 1, 1900), ("2", 3, -1100)]
    table = runner.invoke(app, ["tournaments", "--db", db, "--hero", "Ann", "--by", "tournament"])
    assert table.exit_code == 0 and "19.00 USD" in table.stdout and "-11.00 USD" in table.stdout


def test_no_summary_means_no_hero_to_find(tmp_path: Path) -> None:
    db = tmp_path / "empty.duckdb"
    assert runner.invoke(app, ["import", str(SAMPLES / "pokerstars_fl_cash_6max.txt"), "--db", str(db),
                               "--jobs", "1"]).exit_code == 0
    result = runner.invoke(app, ["tournaments", "--db", str(db)])
    assert result.exit_code == 2 and "give --hero NAME" in result.stderr
    named = runner.invoke(app, ["tournaments", "--db", str(db), "--hero", "Nobody"])
    assert named.exit_code == 0 and "no tournament entries for Nobody" in named.stdout


def test_hostile_names_are_shown_never_read_as_markup(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "h.txt").write_text(summary("9", HOSTILE_NAME, 2, "", title=HOSTILE_TITLE), encoding="utf-8")
    db = str(tmp_path / "h.duckdb")
    assert runner.invoke(app, ["import", str(folder), "--db", db, "--jobs", "1"]).exit_code == 0
    table = runner.invoke(app, ["tournaments", "--db", db, "--by", "tournament"], env={"COLUMNS": "400"})
    assert table.exit_code == 0, table.output
    assert "\x1b" not in table.stdout and shown(HOSTILE_TITLE).replace(" ", "") in table.stdout.replace(" ", "")
    assert shown(HOSTILE_NAME) in table.stdout  # the title names the hero, escaped
    data = json.loads(runner.invoke(app, ["tournaments", "--db", db, "--by", "tournament", "--format", "json"]).stdout)
    assert data["hero"] == [HOSTILE_NAME] and data["entries"][0]["name"] == HOSTILE_TITLE
    out = tmp_path / "r.html"
    # the report needs the hero's hands: the sample tournament's hero, with a summary of a hostile name
    (folder / "hero.txt").write_text(summary("10", "Hero", 1, "30", title=HOSTILE_TITLE), encoding="utf-8")
    assert runner.invoke(app, ["import", str(folder), str(SAMPLES / "pokerstars_fl_tournament_9max.txt"),
                               "--db", db, "--jobs", "1"]).exit_code == 0
    report = runner.invoke(app, ["report", "--db", db, "--hero", "Hero", "--out", str(out)])
    assert report.exit_code == 0, report.output
    page = out.read_text(encoding="utf-8")
    assert "<script>alert" not in page and html.escape(HOSTILE_TITLE) in page
    assert "<h2>Tournaments</h2>" in page


@pytest.mark.skipif(not (REAL_HH.parent / "real_hh_corpus").exists(), reason="real corpus not available")
def test_the_real_summaries_through_the_command(tmp_path: Path) -> None:
    corpus = REAL_HH.parent / "real_hh_corpus"
    db = str(tmp_path / "real.duckdb")
    imported = runner.invoke(app, ["import", str(corpus / "summaries"), "--db", db, "--jobs", "1", "--json",
                                   "--strict"])
    assert imported.exit_code == 0, imported.output
    totals = json.loads(imported.stdout)["totals"]
    assert (totals["summaries"], totals["rejects"]) == (58, 0)
    result = runner.invoke(app, ["tournaments", "--db", db, "--hero", "Hero", "--by", "currency", "--format", "json"])
    assert {row["currency"] for row in json.loads(result.stdout)["results"]} == {"USD", "EUR", "PLAY"}

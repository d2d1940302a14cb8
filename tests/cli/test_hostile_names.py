r"""Hostile screen names and file names through every command that prints or writes them.

Names come from the files, so they are untrusted text. A file holds the DESIGN §7 worked hand three
times, each with four hostile names, as PokerStars text or as PHH, under a file name made from the
first hand's hero. It is imported into a fresh database and every command runs on it: ``import``,
``stats`` (table, json, csv), ``export`` (csv), ``leaks``, ``sessions`` (table, json, csv) and ``report``
(for the first hand's hero, by name), ``audit`` (text, json) and ``replay`` (text, json, each hand). Each must exit with its
documented code (audit and replay 1: each hand claims the wrong winner, so the violation quotes two
names), print no traceback, and show the exact name:

- JSON and CSV hold the exact text (read back and compared).
- Terminal text (audit, replay) holds the name as ``shown`` writes it: the name itself unless it
  holds a character a terminal would act on (``\x1b``, ``\t``, ``\u202e``, ...), which is written as
  its escape. Never interpreted as markup: ``[bold red]pwn`` prints ``[bold red]pwn``.
- Rich tables (stats, import) wrap long cells over several lines: each column is read back from the
  table and compared with the shown name, whitespace ignored (wrapping breaks lines at spaces). Names
  never hold box-drawing characters, which the test's own table reader splits cells on.
- The HTML report holds the exact name in its text (read back with an HTML parser, which like a browser
  reads ``\r`` and ``\r\n`` as ``\n``), and has the same tags and attributes as the report on the same
  hands with plain names: a name's markup never becomes HTML.

A PokerStars name cannot hold a line break (the room writes one line per action), so names with ``\n``
or ``\r`` are written as PHH, where TOML strings carry any text; the others go either way. Each
example runs every command once for twelve names, so few examples (about 8 s) cover many names.
"""

from __future__ import annotations

import csv
import functools
import html.parser
import io
import json
import re
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from badugi.cli._output import shown
from badugi.cli.main import app
from badugi.engine.record import Hand
from badugi.parsers.phh_writer import toml_string, write_phh
from badugi.parsers.reader import read_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from worked_hand_text import WORKED  # noqa: E402

runner = CliRunner()
HANDS = 3  # hands per file, four hostile names each: every command runs once for twelve names
SEATS = ("Alice", "Bob", "Carol", "Ted")  # Alice is dealt face-up cards (the hero); Carol wins the pot
# The hand claims that Alice collected Carol's pot: a violation that quotes both names in audit and replay.
PS_TEMPLATE = WORKED.replace("Carol collected $36 from pot", "Alice collected $36 from pot")

HOSTILE = [
    "[/]", "[bold]", "[bold red]pwn", "[link=https://example.com]x[/link]", ":smile:", "back\\", "\\[bold]x",
    "\x1b[31mred\x1b[0m", "nul\x00l", "bell\x07", "tab\there", "x\u202eevil", "\u2066iso\u2069", "del\x7f\x9b",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "&amp;", 'q"uo\'te, comma', "=1+2",
    "@SUM(A1)", "-2+3", "+1", " lead", "trail ", "é中🂡 name", "a" * 300, "w " * 120,
    "line\nbreak", "cr\rret", "crlf\r\nx", "\u2028sep",
]
BOX_DRAWING = re.compile("[\u2500-\u257f]")


def hand_id(k: int) -> str:
    return str(1_000_000_001 + k)


def _phh_template() -> str:
    hand = next(r for r in read_text(WORKED, "worked.txt") if isinstance(r, Hand))
    named = ("players =", "winnings =", "_hero =", "table =")  # written per hand by hand_text
    return "\n".join(line for line in write_phh(hand).splitlines() if not line.startswith(named)) + "\n"


PHH_TEMPLATE = _phh_template()
PHH_ORDER = ("Bob", "Carol", "Ted", "Alice")  # PHH lists players from the small blind round to the button


def hand_text(room: str, hands: list[dict[str, str]]) -> bytes:
    """The worked hand once per dict of seat -> name, as the room writes it."""
    if room == "pokerstars":
        text = "".join(re.sub(r"\b(Alice|Bob|Carol|Ted)\b", lambda m: names[m.group()], PS_TEMPLATE)
                       .replace(hand_id(0), hand_id(k)) for k, names in enumerate(hands))
        return text.encode("utf-8")
    tables = []
    for k, names in enumerate(hands):
        players = ", ".join(toml_string(names[seat]) for seat in PHH_ORDER)
        tables.append(f"[{k + 1}]\n" + PHH_TEMPLATE.replace(hand_id(0), hand_id(k))
                      + f"players = [{players}]\nwinnings = [0.00, 0.00, 0.00, 36.00]\n"
                      f"_hero = {toml_string(names['Alice'])}\ntable = {toml_string(names['Bob'])}\n\n")
    return "".join(tables).encode("utf-8")


def file_name(name: str, room: str) -> str:
    """A legal file name made from a hostile name (no ``/`` or NUL, not hidden, at most ~200 bytes)."""
    stem = name.replace("/", "_").replace("\x00", "_")
    while len(stem.encode("utf-8")) > 180:
        stem = stem[:-1]
    return f"h {stem}." + ("phhs" if room == "phh" else "txt")


def no_ws(text: str) -> str:
    return re.sub(r"\s", "", text)


def table_columns(output: str, bar: str) -> list[list[str]]:
    """Each rich table of the output (they start with a ``┏`` line) read back column by column: the
    cells of the lines ruled with ``bar`` (``┃`` header, ``│`` body), joined down the column."""
    tables: list[list[str]] = []
    for line in output.splitlines():
        if line.startswith("┏"):
            tables.append([])
        elif tables and line.count(bar) >= 2:
            cells = line.split(bar)[1:-1]
            columns = tables[-1]
            columns += [""] * (len(cells) - len(columns))
            for k, text in enumerate(cells):
                columns[k] += text
    return tables


class _Page(html.parser.HTMLParser):
    """An HTML page read back: its tags with their attribute names, in order, and its text outside
    scripts and styles, entities decoded."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[str, ...]]] = []
        self.parts: list[str] = []
        self.skip = 0
        self.feed(page)
        self.close()

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append((tag, tuple(name for name, _ in attrs)))
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def run(args: list[str], code: int) -> Result:
    result = runner.invoke(app, args)
    assert result.exit_code == code, (args, result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert "Traceback" not in result.output, (args, result.output)
    return result


def report_page(db: str, hero: str, out: Path) -> str:
    run(["report", "--db", db, "--hero", hero, "--out", str(out)], 0)
    return out.read_text(encoding="utf-8")


@functools.cache
def plain_report_tags(room: str) -> list[tuple[str, tuple[str, ...]]]:
    """The tags of the report on the same hands with plain names."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / file_name("plain", room)
        path.write_bytes(hand_text(room, [{seat: f"{seat}{k}" for seat in SEATS} for k in range(HANDS)]))
        db = str(Path(tmp) / "x.duckdb")
        run(["import", str(path), "--db", db, "--jobs", "1"], 0)
        return _Page(report_page(db, "Alice0", Path(tmp) / "r.html")).tags


def check_every_command(names: list[str], room: str) -> None:
    hands = [dict(zip(SEATS, names[k * 4:k * 4 + 4])) for k in range(HANDS)]
    hero = hands[0]["Alice"]  # leaks and report run for the first hand's hero
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / file_name(hero, room)
        path.write_bytes(hand_text(room, hands))
        db = str(Path(tmp) / "x.duckdb")

        # import: the file's name in the table's file column (wrapped over lines: whitespace ignored)
        imported = run(["import", str(path), "--db", db, "--jobs", "1"], 0)
        assert no_ws(shown(path)) in no_ws(table_columns(imported.stdout, "│")[0][0]), imported.stdout

        # stats: exact names in JSON and CSV; the tables' column headers are the shown names
        rows = json.loads(run(["stats", "--db", db, "--format", "json"], 0).stdout)
        assert sorted(row["player"] for row in rows) == sorted(names)
        got = run(["stats", "--db", db, "--format", "csv"], 0).stdout_bytes.decode("utf-8")
        assert sorted(row["player"] for row in csv.DictReader(io.StringIO(got, newline=""))) == sorted(names)
        run(["export", "--format", "csv", "--db", db, "--out", str(Path(tmp) / "csv")], 0)
        with open(Path(tmp) / "csv" / "hand_players.csv", encoding="utf-8", newline="") as exported:
            assert sorted(row["player"] for row in csv.DictReader(exported)) == sorted(names)
        table = run(["stats", "--db", db], 0).stdout
        headers = [no_ws(header) for columns in table_columns(table, "┃") for header in columns[1:]]
        assert sorted(headers) == sorted(no_ws(shown(name)) for name in names), table

        # leaks for the hero by name: the heading names them (wrapped when long), JSON exactly
        leaks = run(["leaks", "--db", db, "--hero", hero], 0).stdout
        assert no_ws(leaks).startswith(no_ws(shown(hero)) + ":"), leaks
        assert json.loads(run(["leaks", "--db", db, "--hero", hero, "--format", "json"], 0).stdout)["player"] == hero

        # sessions for the hero by name: its table's name (a hostile one in PHH files) exactly in JSON and
        # CSV, the shown names in the terminal table (the table names column, wrapped when long)
        table_name = hands[0]["Bob"] if room == "phh" else "Worked"
        got = json.loads(run(["sessions", "--db", db, "--hero", hero, "--format", "json"], 0).stdout)
        assert got["hero"] == [hero] and got["hands"] == 1
        assert [t["table"] for s in got["sessions"] for t in s["sittings"]] == [table_name]
        rows = list(csv.DictReader(io.StringIO(run(["sessions", "--db", db, "--hero", hero, "--format", "csv"], 0)
                                               .stdout_bytes.decode("utf-8"), newline="")))
        assert [row["table_names"] for row in rows] == [f"pokerstars: {table_name}"]  # PHH keeps the venue
        listed = run(["sessions", "--db", db, "--hero", hero], 0).stdout
        assert no_ws(shown(hero)) in no_ws(listed.split("┏")[0]), listed
        assert no_ws(table_columns(listed, "│")[0][4]) == no_ws(shown(table_name)), listed

        # report: the exact name in the page's text, and the same tags as with plain names (a name
        # holding markup adds no tag or attribute, and cannot end a script early)
        page = _Page(report_page(db, hero, Path(tmp) / "r.html"))
        assert re.sub("\r\n?", "\n", hero) in page.text  # HTML reads every line break as \n
        assert page.tags == plain_report_tags(room)

        # audit: exit 1 (each hand breaks a rule); each claim quotes its hand's winner and collector
        audit = run(["audit", str(path)], 1).stdout
        lines = [line for line in audit.splitlines() if ": showdown.wrong_winner: " in line]
        found = json.loads(run(["audit", str(path), "--json"], 1).stdout)["violations"]
        # (the summary still says the winner won: summary.mismatch, quoting the same names, besides)
        found = [violation for violation in found if violation["code"] == "showdown.wrong_winner"]
        assert len(lines) == len(found) == HANDS, audit
        for line, violation, seats in zip(lines, found, hands):
            assert line.startswith(f"{shown(path)}:") and violation["file"] == str(path), line
            for name in (seats["Alice"], seats["Carol"]):
                assert shown(name) in line and name in violation["message"], (name, line)

        # replay: exit 1; every name of the hand, exactly in JSON
        for k, seats in enumerate(hands):
            replayed = run(["replay", str(path), "--hand", hand_id(k)], 1).stdout
            assert shown(path) in replayed and all(shown(name) in replayed for name in seats.values()), replayed
            order = json.loads(run(["replay", str(path), "--hand", hand_id(k), "--json"], 1).stdout)["order"]
            assert sorted(order) == sorted(seats.values())


NAME = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(min_size=1, max_size=40),
    st.text(st.sampled_from("[]/\\<>&\"',=+-@: \x1b\x00\t\u202e\u200f#*_`|"), min_size=1, max_size=16),
).filter(lambda name: not BOX_DRAWING.search(name))
NAMES = st.lists(NAME, min_size=4 * HANDS, max_size=4 * HANDS, unique=True)


def _room(names: list[str], room: str) -> str:
    """PokerStars text cannot hold a line break inside a name; PHH (TOML strings) can."""
    return "phh" if any(c in name for name in names for c in "\r\n") else room


def _explicit(first: int) -> list[str]:
    """Twelve of the hostile names from ``first`` on, round the list."""
    return [HOSTILE[(first + k) % len(HOSTILE)] for k in range(4 * HANDS)]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(names=_explicit(0), room="pokerstars")
@example(names=_explicit(12), room="pokerstars")
@example(names=_explicit(24), room="phh")  # the names with line breaks, and the first ones again as PHH
@given(names=NAMES, room=st.sampled_from(["pokerstars", "phh"]))
def test_hostile_names_survive_every_command(names: list[str], room: str) -> None:
    check_every_command(names, _room(names, room))

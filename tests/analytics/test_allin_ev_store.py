"""All-in EV through the store: the sample database reports it for every all-in hand, an older store
migrates to the EV columns, and ``badugi stats`` / ``badugi report`` show it.

Which hands get an equity is decided here from the hand's own events (who folded, who was all in, the
last betting round with an action), not from the replay's EV code."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from badugi.analytics import schema
from badugi.analytics.importer import import_files
from badugi.analytics.selection import BIG_BLIND_SQL, Selection
from badugi.analytics.stats import player_stats, stats_records
from badugi.analytics.store import Store
from badugi.cli.main import app
from badugi.engine.games import GAMES
from badugi.engine.record import Bet, Call, Check, Fold, Hand, Post, Raise
from badugi.parsers.reader import hands_only, read_paths
from tests.analytics.store_fixtures import as_plain_store

from chromium import console_lines
from conftest import SAMPLES


def closed_with_draws_to_come(hand: Hand) -> bool:
    """The rule in words (docs/stats.md): at least two players reach the end, at most one of them is not
    all in, and the last betting action came before the last draw."""
    players = [seat.player for seat in hand.seats]
    folded = {e.player for e in hand.events if isinstance(e, Fold)}
    all_in = {e.player for e in hand.events if isinstance(e, (Post, Bet, Call, Raise)) and e.all_in}
    left = [p for p in players if p not in folded]
    streets = [e.street for e in hand.events if isinstance(e, (Bet, Call, Raise, Check, Fold))]
    last = max(streets, default=0)
    return (len(left) >= 2 and len([p for p in left if p not in all_in]) <= 1
            and last < GAMES[hand.game].draws)


def test_sample_database_reports_ev_for_every_all_in_hand(sample_db: Path) -> None:
    hands = {(h.room, h.hand_id): h for h in hands_only(read_paths([SAMPLES])) if isinstance(h, Hand)}
    with duckdb.connect(str(sample_db), read_only=True) as con:
        rows = con.execute("SELECT room, room_hand_id, player, all_in, folded_street, net, ev_net, ev_net_se, ev_method "
                           "FROM hand_players").fetchall()
    by_hand: dict[tuple[str, str], list[tuple]] = {}
    for row in rows:
        by_hand.setdefault((row[0], row[1]), []).append(row)
    assert len(by_hand) == len(hands) == 1150
    all_in_hands = with_ev = 0
    for key, players in by_hand.items():
        expected = closed_with_draws_to_come(hands[key])
        if any(p[3] for p in players):
            all_in_hands += 1
            assert all(p[6] is not None for p in players), key  # ev_net is never missing
        with_ev += expected
        for _room, _id, _name, _all_in, folded, net, ev_net, se, method in players:
            if expected and folded is None:  # in the pot when the betting closed: an equity
                assert method in ("exact", "monte-carlo") and se is not None and se >= 0, key
                assert se == 0 if method == "exact" else True
            else:  # folded, or nothing left to luck: the EV is the net
                assert (ev_net, se, method) == (net, None, None), key
        # the EV nets share the same pots as the nets: their sums are equal (both are minus the rake)
        assert sum(p[6] for p in players) == pytest.approx(sum(p[5] for p in players), abs=1e-6), key
    assert all_in_hands == 126 and with_ev == 105  # counted on the samples (126 hands with an all-in)


def test_a_version_6_store_gains_the_ev_columns_and_reads_its_ev_as_the_net(tmp_path: Path) -> None:
    """Migration 7 on a store with hands written before it: the rows keep their values, ev_net is NULL and
    the stats count each such hand at its net until it is imported again."""
    db = tmp_path / "v6.duckdb"
    with Store(db) as store:
        import_files(store, [SAMPLES / "pokerstars_fl_cash_6max.txt"], jobs=1)
        as_plain_store(store.con, 6)
        before = store.con.execute("SELECT sum(net), count(*) FROM hand_players").fetchall()
    with Store(db) as store:
        assert schema.current_version(store.con) == schema.SCHEMA_VERSION
        assert store.con.execute("SELECT sum(net), count(*), count(ev_net), count(ev_method) FROM hand_players"
                                 ).fetchall() == [(*before[0], 0, 0)]
        records = stats_records(player_stats(store.con, Selection()))
    assert records
    for record in records:
        money = record["money"]
        assert money["ev_net"] == money["net"] and money["ev_bb_per_100"] == pytest.approx(money["bb_per_100"])
        assert money["ev_hands"] == 0 and money["ev_net_se"] == 0


def test_stats_outputs_show_ev(sample_db: Path) -> None:
    runner = CliRunner()
    with duckdb.connect(str(sample_db), read_only=True) as con:
        net, ev_net, hands, ev_bb = con.execute(
            f"SELECT sum(p.net), sum(coalesce(p.ev_net, p.net)), count(*), sum(coalesce(p.ev_net, p.net) / {BIG_BLIND_SQL}) "
            "FROM hand_players p JOIN hands h USING (room, room_hand_id) "
            "WHERE p.player = 'Hero' AND h.tournament_id IS NULL").fetchall()[0]
    assert ev_net != net  # the samples' hero ran below or above their equity: the two differ
    as_json = runner.invoke(app, ["stats", "--db", str(sample_db), "--player", "Hero", "--format", "json"])
    assert as_json.exit_code == 0, as_json.output
    money = json.loads(as_json.output)[0]["money"]
    assert money["ev_hands"] > 0 and money["ev_bb_per_100"] is not None
    usd = next(kind for kind in money["by_currency"] if kind["currency"] == "USD")
    assert usd["ev_net"] == pytest.approx(ev_net) and usd["net"] == net and usd["hands"] == hands
    assert usd["ev_bb"] == pytest.approx(ev_bb) and usd["ev_se"] > 0
    as_csv = runner.invoke(app, ["stats", "--db", str(sample_db), "--player", "Hero", "--format", "csv"])
    assert as_csv.exit_code == 0, as_csv.output
    row = next(csv.DictReader(io.StringIO(as_csv.output)))
    assert float(row["ev_net_usd"]) == pytest.approx(ev_net)
    assert float(row["ev_bb_per_100"]) == pytest.approx(money["ev_bb_per_100"])
    table = runner.invoke(app, ["stats", "--db", str(sample_db), "--player", "Hero"])
    assert table.exit_code == 0, table.output
    line = next(line for line in table.output.splitlines() if "all-in EV net (USD cash)" in line)
    assert re.search(rf"{ev_net / 100:,.2f} USD ± \d+\.\d\d", line), line
    assert "all-in EV bb/100" in table.output


def test_report_winnings_graph_has_the_ev_line(sample_report: Path, sample_db: Path) -> None:
    """The USD winnings figure's EV trace ends at the hero's summed EV net in dollars."""
    page = sample_report.read_text(encoding="utf-8")
    assert page.count('"name":"all-in EV net"') == 2  # one per money kind (USD cash, tournament chips)
    with duckdb.connect(str(sample_db), read_only=True) as con:
        ev_net = con.execute("SELECT sum(coalesce(ev_net, net)) FROM hand_players p JOIN hands h USING (room, room_hand_id) "
                             "WHERE player = 'Hero' AND h.tournament_id IS NULL").fetchall()[0][0]
    trace = re.search(r'"name":"all-in EV net","x":\[[^\]]*\],"y":\[([^\]]*)\]', page)  # the first: USD cash
    assert trace
    assert float(trace.group(1).split(",")[-1]) == pytest.approx(ev_net / 100)


def test_rendered_report_draws_the_ev_line(sample_selftest: subprocess.CompletedProcess[str]) -> None:
    """In headless Chromium, plotly draws the EV trace in both winnings figures (its legend entry and a dashed
    line), and nothing logs to the console."""
    dom = sample_selftest.stdout
    assert len(re.findall(r'<text class="legendtext"[^>]*>all-in EV net</text>', dom)) == 2
    # the trace's line itself, drawn in its colour (#bf8700) and dashed, with a path through the plot
    lines = re.findall(r'<path class="js-line" d="M[^"]*L[^"]*" style="[^"]*stroke: rgb\(191, 135, 0\)[^"]*dasharray', dom)
    assert len(lines) == 2
    assert not console_lines(sample_selftest)


def test_readme_example_is_the_samples(sample_db: Path) -> None:
    """The README's measured example stays what the samples give."""
    readme = (SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    with duckdb.connect(str(sample_db), read_only=True) as con:
        net, ev_net = con.execute(
            "SELECT sum(p.net), sum(coalesce(p.ev_net, p.net)) FROM hand_players p JOIN hands h USING (room, room_hand_id) "
            "WHERE p.player = 'Hero' AND h.tournament_id IS NULL").fetchall()[0]
        exact, sampled = con.execute(
            "SELECT count(*) FILTER (WHERE ev_method = 'exact'), count(*) FILTER (WHERE ev_method = 'monte-carlo') "
            "FROM hand_players WHERE player = 'Hero'").fetchall()[0]
    text = " ".join(readme.split())
    assert (f"in {exact + sampled} hands ({exact} exact, {sampled} Monte Carlo): net {net / 100:.2f} USD, "
            f"all-in EV net {ev_net / 100:.2f} USD") in text

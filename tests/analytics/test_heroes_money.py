"""One hero among several face-up names, and money kept per currency.

The store holds files of two people: "Me" (USD cash, EUR cash and a tournament) and "Friend" (a few USD
cash hands). Every expected number comes from the simulator's own accounting (``SimResult``), never from
the stats code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi.analytics.heroes import DETECTED, FaceUpName, face_up_names, find_hero
from badugi.analytics.money import MoneyKind, sort_kinds
from badugi.analytics.report import build_report
from badugi.analytics.selection import Selection
from badugi.analytics.stats import money_split, player_stats
from badugi.analytics.store import Store
from badugi.engine.simulate import SimConfig

from sim_store import SimResult, simulate_into

TABLES = {  # file: (hero, currency, tournament, hands, first hand id)
    "me_usd.txt": ("Me", "USD", False, 60, 1_000_000),
    "me_eur.txt": ("Me", "EUR", False, 40, 2_000_000),
    "me_tour.txt": ("Me", "USD", True, 30, 3_000_000),
    "friend.txt": ("Friend", "USD", False, 20, 4_000_000),
}


@pytest.fixture(scope="module")
def two_people(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, SimResult]]:
    path = tmp_path_factory.mktemp("heroes") / "two.duckdb"
    results = {}
    with Store(path, memory_limit=None) as store:
        for seed, (file, (hero, currency, tournament, hands, first)) in enumerate(TABLES.items()):
            config = SimConfig(players=4, hero_name=hero, currency=currency, tournament=tournament,
                               first_hand_id=first)
            results[file] = simulate_into(store, (), hands, seed=seed + 1, file=file, config=config)
    return path, results


def test_the_hero_is_the_face_up_name_with_the_most_hands(two_people: tuple[Path, dict[str, SimResult]]) -> None:
    path, _ = two_people
    with Store(path, read_only=True) as store:
        assert face_up_names(store.con) == [FaceUpName("Me", 130, ("pokerstars",)),
                                            FaceUpName("Friend", 20, ("pokerstars",))]
        hero = find_hero(store.con)
        assert hero.names == ("Me",) and hero.source == DETECTED
        assert hero.left_out == (FaceUpName("Friend", 20, ("pokerstars",)),)
        text = hero.left_out_text() or ""
        assert "Friend (20 hands in pokerstars)" in text and "--alias Friend" in text and "BADUGI_HERO=Me,Friend" in text
        # named by the user: nothing is detected, nothing left out
        assert find_hero(store.con, named="Friend", env_names=("Me",)).names == ("Friend",)
        env = find_hero(store.con, env_names=("Friend",), aliases=("Me",))
        assert env.names == ("Friend", "Me") and env.left_out == () and env.source == "$BADUGI_HERO"
        joined = find_hero(store.con, aliases=("Friend",))
        assert joined.names == ("Me", "Friend") and joined.left_out == ()
        # detection looks at the selected days: none of these hands is from 2011
        assert find_hero(store.con, Selection(since=__import__("datetime").date(2011, 1, 1))).names == ()


def test_money_is_split_per_currency(two_people: tuple[Path, dict[str, SimResult]]) -> None:
    path, results = two_people
    with Store(path, read_only=True) as store:
        row = player_stats(store.con, Selection(hero=True, hero_names=("Me",))).row(0, named=True)
    usd, eur, tour = (results[f].net["Me"] for f in ("me_usd.txt", "me_eur.txt", "me_tour.txt"))
    assert row["hands"] == 130 and row["hands_usd"] == 60 and row["hands_eur"] == 40 and row["hands_tournament"] == 30
    assert (row["net_usd"], row["net_eur"], row["net_tournament"]) == (usd, eur, tour)
    assert row["net_bb_tournament"] == pytest.approx(results["me_tour.txt"].net_bb["Me"])
    # cents of two currencies and chips do not add up: no pooled net, and the currency says so
    assert row["net"] is None and row["currency"] == "mixed"
    # bb/100 is currency-free: every hand's net over its own big blind, pooled
    total_bb = sum(results[f].net_bb["Me"] for f in ("me_usd.txt", "me_eur.txt", "me_tour.txt"))
    assert row["bb_per_100"] == pytest.approx(100 * total_bb / 130)
    split = {m["currency"]: m for m in money_split(row)}
    assert list(split) == ["EUR", "USD", "tournament"]
    assert split["USD"]["shown"] == pytest.approx(usd / 100) and split["USD"]["unit"] == "USD"
    assert split["tournament"]["unit"] == "bb" and split["tournament"]["shown"] == pytest.approx(
        results["me_tour.txt"].net_bb["Me"])


def test_money_kinds_are_shown_with_their_unit() -> None:
    assert MoneyKind("USD").format(-4877, None) == "-48.77 USD"
    assert MoneyKind("EUR").format(123456, None) == "1,234.56 EUR"
    assert MoneyKind("tournament").format(16690, 179.904) == "179.9 bb"
    assert MoneyKind("chips").format(500, -2.25) == "-2.2 bb"
    assert MoneyKind("play").format(1200, 24.0) == "1,200 play chips"
    assert MoneyKind("USD").format(None, None) == "–"
    assert [k.key for k in sort_kinds(["play", "tournament", "USD", "EUR", "chips"])] == [
        "EUR", "USD", "tournament", "chips", "play"]


def test_report_headline_is_a_number_per_currency(two_people: tuple[Path, dict[str, SimResult]]) -> None:
    path, results = two_people
    with Store(path, read_only=True) as store:
        page = build_report(store.con, Selection(hero=True, hero_names=("Me",)), "Me",
                            notes=["Hero: Me.", "Left out Friend."])
    cards = dict(re.findall(r'<div class="card net" data-net="[^"]*" data-unit="[^"]*"><div class="v">'
                            r'(?:<span class="(?:pos|neg)">)?([^<]*)(?:</span>)?</div><div class="k">([^<]*)</div>',
                            page))
    shown = {label: value for value, label in cards.items()}
    usd = results["me_usd.txt"].net["Me"] / 100
    eur = results["me_eur.txt"].net["Me"] / 100
    tour = results["me_tour.txt"].net_bb["Me"]
    assert shown == {"net won, USD cash (60 hands)": f"{usd:,.2f} USD", "net won, EUR cash (40 hands)": f"{eur:,.2f} EUR",
                     "net won, tournament chips (30 hands)": f"{tour:,.1f} bb"}
    text = re.sub(r"<script.*?</script>", "", page, flags=re.S)  # plotly.js itself says "mixed"
    assert "mixed" not in text
    assert "Left out Friend." in page
    assert page.count("Winnings over hands, ") == 3 and page.count("By stakes, ") == 3

"""Tournament results (``badugi.analytics.tournaments``): summaries written here are imported, and the
hero's cost, winnings, ROI and in-the-money rate are checked against sums worked out by hand in each
test. Money is never added across currencies."""

from __future__ import annotations

import math
from pathlib import Path
from textwrap import dedent

import pytest

from badugi.analytics.importer import import_files
from badugi.analytics.store import Store
from badugi.analytics.tournaments import buy_in_label, find_tournament_hero, hero_entries, results_by, roi_interval
from badugi.analytics.wilson import Z95, wilson
from conftest import SAMPLES


def stars(tid: str, players: list[tuple[str, str]], place: int | None, buy_in: str = "$10.00/$1.00 USD",
          finished: bool = True) -> str:
    """A PokerStars summary: ``players`` as (name, result) in the order the file lists them."""
    rows = "\n".join(f"  {k}: {name} (Norway), {result}" for k, (name, result) in enumerate(players, 1))
    return dedent(f"""\
        PokerStars Tournament #{tid}, Badugi Limit
        Buy-In: {buy_in}
        {len(players)} players
        Tournament started 2012/03/16 13:15:00 ET
        """) + ("Tournament finished 2012/03/16 15:00:00 ET\n" if finished else "") + rows + "\n\n" + (
        f"You finished in {place}{'st' if place == 1 else 'th'} place.\n" if place else "")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def imported(tmp_path: Path, texts: dict[str, str], extra: list[Path] = ()) -> Store:  # type: ignore[assignment]
    folder = tmp_path / "files"
    folder.mkdir()
    paths = [write(folder, name, text) for name, text in texts.items()] + list(extra)
    store = Store(tmp_path / "t.duckdb")
    report = import_files(store, paths, jobs=1)
    assert sum(f.rejects for f in report.files) == 0, report.to_dict()
    return store


FTP_SNG = dedent("""\
    Full Tilt Poker Tournament Summary $5 Sit & Go (1003) Badugi Limit
    Buy-In: $5 + $0.50
    3 Entries
    Total Prize Pool: $15
    Tournament started: 2012/03/17 10:00:00 ET
    Tournament finished: 2012/03/17 11:00:00 ET

    1: Bob, $6
    2: Ann, $9
    3: Cy
    Ann finished in 2nd place
    """)

WINAMAX_EUR = dedent("""\
    Winamax Poker - Tournament summary : Badugi(1004)
    Player : Ann
    Buy-In : 4.50€ + 0.50€
    Registered players : 2
    Prizepool : 9€
    Tournament started 2012/03/18 10:00:00 UTC
    You finished in 1st place
    You won 9€
    """)


def test_cost_won_roi_and_itm_per_buy_in_and_per_currency(tmp_path: Path) -> None:
    """Ann: two $10+$1 entries (1st for $45, 5th for nothing), one running; a $5+$0.50 Full Tilt Sit & Go
    (2nd, $9); a 4.50€+0.50€ Winamax one (1st, 9€). Bob's own summary is not Ann's."""
    texts = {
        "a.txt": stars("1001", [("Ann", "$45.00 (100%)"), ("Bob", "")], 1),
        "b.txt": stars("1002", [("Cy", "$45.00 (100%)"), ("Dee", ""), ("Eve", ""), ("Fay", ""), ("Ann", "")], 5),
        "e.txt": stars("1005", [("Ann", "still playing"), ("Gus", "")], None, finished=False),
        "c.txt": FTP_SNG,
        "d.txt": WINAMAX_EUR,
        "bob.txt": stars("1006", [("Bob", "$45.00 (100%)"), ("Cy", "")], 1),
    }
    with imported(tmp_path, texts) as store:
        entries = hero_entries(store.con, ["Ann"])
        assert entries.height == 5
        by_buy_in = {(r["currency"], r["group"]): r for r in results_by(entries).iter_rows(named=True)}
        ten = by_buy_in[("USD", "10.00 + 1.00 USD")]
        assert (ten["entries"], ten["finished"], ten["itm"], ten["first_places"]) == (3, 2, 1, 1)
        assert (ten["cost"], ten["won"], ten["net"]) == (2200, 4500, 2300)
        assert ten["roi"] == pytest.approx(2300 / 2200)
        # nets 3400 and -1100: sample sd 4500 / sqrt(2), so the spread is z * 4500 / 2200
        assert (ten["roi_lo"], ten["roi_hi"]) == pytest.approx((2300 / 2200 - Z95 * 4500 / 2200,
                                                                 2300 / 2200 + Z95 * 4500 / 2200))
        assert (ten["itm_lo"], ten["itm_hi"]) == pytest.approx(wilson(1, 2))
        five = by_buy_in[("USD", "5.00 + 0.50 USD")]
        assert (five["cost"], five["won"], five["net"], five["roi"]) == (550, 900, 350, pytest.approx(350 / 550))
        assert five["roi_lo"] is None  # one entry: no interval
        totals = {r["currency"]: r for r in results_by(entries, "currency").iter_rows(named=True)}
        assert set(totals) == {"USD", "EUR"}  # never added together
        assert (totals["USD"]["entries"], totals["USD"]["finished"], totals["USD"]["itm"]) == (4, 3, 2)
        assert (totals["USD"]["cost"], totals["USD"]["won"], totals["USD"]["net"]) == (2750, 5400, 2650)
        assert totals["USD"]["roi"] == pytest.approx(2650 / 2750)
        assert (totals["EUR"]["cost"], totals["EUR"]["won"], totals["EUR"]["roi"]) == (500, 900, pytest.approx(0.8))


def test_a_tournament_summarised_twice_counts_once_and_the_finished_summary_wins(tmp_path: Path) -> None:
    running = stars("2001", [("Ann", "still playing"), ("Bob", "still playing"), ("Cy", "")], None, finished=False)
    done = stars("2001", [("Ann", "$30.00 (100%)"), ("Bob", ""), ("Cy", "")], 1)
    with imported(tmp_path, {"1-running.txt": running, "2-done.txt": done, "3-copy.txt": done}) as store:
        entries = hero_entries(store.con, ["Ann"])
        assert entries.height == 1
        assert (entries["place"][0], entries["won"][0], entries["file"][0].endswith("2-done.txt")) == (1, 3000, True)


def test_rebuys_add_ons_knockouts_and_a_prize_in_another_currency(tmp_path: Path) -> None:
    rebuy = dedent("""\
        Full Tilt Poker Tournament Summary KO Rebuy (3001) Badugi Limit (Knockout, Rebuy/Add-On)
        Buy-In: $10 + $1
        Knockout Bounty: $2
        Add-On: $10
        Rebuy: $10
        Ann received 3 Knockout Bounty Awards
        Ann performed 1 Add-On
        Ann performed 2 Rebuys
        3 Entries
        Total Prize Pool: $24
        Tournament started: 2012/03/17 10:00:00 ET

        1: Bob, $24
        2: Ann
        3: Cy
        Ann finished in 2nd place
        """)
    sc = stars("3002", [("Bob", " (qualified for the target tournament)"), ("Ann", "25,750 FPP"), ("Cy", "")], 2,
               buy_in="250 SC")
    with imported(tmp_path, {"r.txt": rebuy, "sc.txt": sc}) as store:
        entries = {r["tournament_id"]: r for r in hero_entries(store.con, ["Ann"]).iter_rows(named=True)}
    ko = entries["3001"]
    # $10 + $1 (the $2 bounty is inside the $10), two $10 rebuys, one $10 add-on; 3 knockouts x $2
    assert (ko["cost"], ko["won"], ko["net"], ko["itm"]) == (4100, 600, -3500, False)
    assert ko["buy_in_label"] == "10.00 + 1.00 USD (2.00 bounty)"
    points = entries["3002"]
    assert (points["currency"], points["cost"], points["won"], points["other_prize"], points["itm"]) == (
        "SC", 25000, 0, 2575000, True)


def test_entries_join_the_hands_stored_of_their_tournament(tmp_path: Path) -> None:
    """The sample tournament file holds hands of tournament #329156690: a summary of it joins them."""
    sample = SAMPLES / "pokerstars_fl_tournament_9max.txt"
    text = sample.read_text(encoding="utf-8-sig")
    hands = [h for h in text.split("\n\n") if "Tournament #329156690," in h]
    with_hero = [h for h in hands if "\nSeat " in h and any(line.startswith("Seat ") and ": Hero (" in line
                                                              for line in h.splitlines())]
    summary = stars("329156690", [("TriDrawTom", "$10.00 (50%)"), ("Hero", "$6.00 (30%)"), ("Lumen77", "")], 2,
                    buy_in="$2.00/$0.20 USD")
    with imported(tmp_path, {"s.txt": summary}, extra=[sample]) as store:
        [entry] = hero_entries(store.con, ["Hero"]).iter_rows(named=True)
        assert (entry["hands"], entry["hero_hands"]) == (len(hands), len(with_hero))
        view = store.con.execute("SELECT count(*) FROM tournament_hands").fetchall()[0][0]
        assert view == len(hands) > 0


def test_the_hero_is_the_player_the_most_summaries_are_for_unless_named(tmp_path: Path) -> None:
    texts = {"a.txt": stars("1", [("Ann", ""), ("Bob", "")], 1), "b.txt": stars("2", [("Ann", ""), ("Bob", "")], 1),
             "c.txt": stars("3", [("Bob", ""), ("Ann", "")], 1)}
    with imported(tmp_path, texts) as store:
        found = find_tournament_hero(store.con)
        assert found.names == ("Ann",) and [f.name for f in found.left_out] == ["Bob"]
        assert "1 summary" in (found.left_out_text() or "")
        assert find_tournament_hero(store.con, named="Bob").names == ("Bob",)
        assert find_tournament_hero(store.con, aliases=["Bob"]).names == ("Ann", "Bob")


def test_roi_interval_and_labels() -> None:
    assert roi_interval(None, 100, 1.0, 5) == (None, None, None)
    assert roi_interval(50, 0, 1.0, 5) == (None, None, None)  # a freeroll: no ROI
    roi, lo, hi = roi_interval(100, 400, 30.0, 4)
    assert roi == 0.25 and math.isclose(hi - roi, Z95 * 30.0 * 2 / 400) and math.isclose(roi - lo, hi - roi)
    assert buy_in_label("FPP", 10000, None, None) == "100 FPP"
    assert buy_in_label("USD", 200, 20, 50) == "2.00 + 0.50 + 0.20 USD"
    assert buy_in_label("EUR", None, None, None) == "not written"


def test_a_summary_file_saved_again_replaces_its_rows_and_an_appended_summary_is_added(tmp_path: Path) -> None:
    """The client saves a running tournament's summary again once it is over: the file changed before
    the bytes read, so it is read again from the start and its old rows go; a summary appended to an
    e-mail file is read on its own."""
    folder = tmp_path / "f"
    folder.mkdir()
    path = write(folder, "s.txt", stars("4001", [("Ann", "still playing"), ("Bob", "")], None, finished=False))
    with Store(tmp_path / "t.duckdb") as store:
        import_files(store, [path], jobs=1)
        assert hero_entries(store.con, ["Ann"])["finished"].to_list() == [False]
        path.write_text(stars("4001", [("Ann", "$20.00 (100%)"), ("Bob", "")], 1), encoding="utf-8")
        import_files(store, [path], jobs=1)
        assert store.count("tournaments") == 1 and store.count("tournament_results") == 2
        assert hero_entries(store.con, ["Ann"])["won"].to_list() == [2000]
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n" + stars("4002", [("Cy", "$20.00 (100%)"), ("Ann", "")], 2))
        report = import_files(store, [path], jobs=1)
        assert report.totals()["summaries"] == 1 and store.count("tournaments") == 2
        assert sorted(hero_entries(store.con, ["Ann"])["tournament_id"].to_list()) == ["4001", "4002"]

"""VPIP, PFR, WTSD, W$SD and net for every player of one real PokerStars file, against values counted
by hand from the file's text (four hands, $0.25/$0.50 fixed limit, 2010-09-05).

How each number was counted (hand ids shortened to their last digits):
- VPIP: a voluntary call, bet or raise before the draw / hands with a pre-draw decision. A posted big
  blind that checks is not voluntary; Scorpio2000's big blind in #7462 is a walk (everyone folds to
  it), so it is no decision and not counted.
- PFR: a raise before the draw (only buddyboy3399, #5772).
- WTSD: still in at the showdown / took part in draw 1 (jodarin, all in, mucks at the showdown: counts).
- W$SD: collected at the showdown / went to showdown.
- Net: collected minus everything put in (uncalled returns given back), in cents.

#2872  Lino19 SB calls, folds after draw 3: -125. s0rrow BB checks, folds after draw 1: -25.
       jodarin calls, all in for 70, loses: -70. Scorpio2000 calls, bets draws 2 and 3, loses: -175.
       buddyboy3399 calls, raises after draw 1, wins 255 + 290 for 175 in: +370. JDANIELDC, Kula91 fold.
#7462  walk: s0rrow SB folds -10; Scorpio2000 BB gets 15 back and collects 20 for 25 in: +10.
#5772  JDANIELDC calls twice, folds after draw 1: -50. kallexx1 posts, checks, calls the raise, calls
       down and wins 405 for 175 in: +230. Scorpio2000 SB completes, folds to the raise: -25.
       buddyboy3399 BB raises, pat, bets out, loses: -175. Lino19, s0rrow fold.
#7914  oooDestroyoo posts, checks, calls down, mucks: -200. Scorpio2000 calls, folds after draw 1: -25.
       buddyboy3399 SB completes, bets, calls the raise, mucks: -200. JDANIELDC BB checks, raises the
       last round, wins 595 for 200 in: +395. kallexx1, Lino19, s0rrow fold.
The nets add up to -75 = minus the rake (25 + 0 + 20 + 30).
"""

from __future__ import annotations

from pathlib import Path

from badugi.analytics.importer import import_files
from badugi.analytics.selection import Selection
from badugi.analytics.stats import player_stats
from badugi.analytics.store import Store

# player: (hands, VPIP done/opp, PFR done/opp, WTSD done/opp, W$SD done/opp, net in cents)
EXPECTED = {
    "Lino19": (4, (1, 4), (0, 4), (0, 1), (0, 0), -125),
    "s0rrow": (4, (0, 4), (0, 4), (0, 1), (0, 0), -35),
    "jodarin": (1, (1, 1), (0, 1), (1, 1), (0, 1), -70),
    "Scorpio2000": (4, (3, 3), (0, 3), (1, 2), (0, 1), -215),
    "buddyboy3399": (4, (3, 4), (1, 4), (3, 3), (1, 3), -5),
    "JDANIELDC": (4, (1, 4), (0, 4), (1, 2), (1, 1), 345),
    "Kula91": (1, (0, 1), (0, 1), (0, 0), (0, 0), 0),
    "kallexx1": (2, (1, 2), (0, 2), (1, 1), (1, 1), 230),
    "oooDestroyoo": (1, (0, 1), (0, 1), (1, 1), (0, 1), -200),
}


def test_hand_counted_stats_of_a_real_pokerstars_file(real_hh: Path, tmp_path: Path) -> None:
    # skips only when ../shared/real_hh is absent; a missing file or an importer that stores nothing fails
    path = real_hh / "pokerstars" / "cash__Badugi-USD-0.25-0.50-201009.txt"
    assert path.is_file(), f"{path} is missing from {real_hh}"
    with Store(tmp_path / "real.duckdb") as store:
        import_files(store, [path])
        assert store.count("hands") == 4
        rows = {row["player"]: row for row in player_stats(store.con).iter_rows(named=True)}
        hero = player_stats(store.con, Selection(hero=True)).row(0, named=True)
    assert set(rows) == set(EXPECTED)
    for player, (hands, vpip, pfr, wtsd, wsd, net) in EXPECTED.items():
        row = rows[player]
        got = (row["hands"], (row["vpip_done"], row["vpip_opp"]), (row["pfr_done"], row["pfr_opp"]),
               (row["wtsd_done"], row["wtsd_opp"]), (row["wsd_done"], row["wsd_opp"]), row["net"])
        assert got == (hands, vpip, pfr, wtsd, wsd, net), player
    assert sum(row["net"] for row in rows.values()) == -75
    assert hero["names"] == "s0rrow" and hero["net"] == -35  # the room dealt face-up cards to s0rrow

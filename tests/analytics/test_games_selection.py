"""Stats, leaks and the report per game: ``--game``, ``--by game``, and leak rules judged on Badugi alone.

The store is simulated Badugi; then half its hands are relabelled as another game in the store itself, so
every count below is known before any stat code runs (the hands of each label, counted with plain SQL).
"""

from __future__ import annotations


import pytest

from badugi.analytics.leaks import RULES, spots_by_rule
from badugi.analytics.selection import Selection
from badugi.analytics.stats import player_stats
from badugi.analytics.store import Store
from badugi.engine.policies import Snow, Sound
from badugi.errors import BadInput
from sim_store import simulate_into


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    path = tmp_path_factory.mktemp("games") / "games.duckdb"
    with Store(path) as writable:
        simulate_into(writable, (Sound(), Snow(), Sound(), Snow()), 300, seed=9, players=4)
        # every other hand becomes a 2-7 triple draw hand (by its id's last digit)
        writable.con.execute("UPDATE hands_stored SET game = '27_triple_draw' WHERE right(room_hand_id, 1) IN "
                             "('1', '3', '5', '7', '9')")
    opened = Store(path, read_only=True)
    yield opened
    opened.close()


def _hands_of(store: Store, game: str) -> int:
    return store.con.execute("SELECT count(*) FROM hands WHERE game = ?", [game]).fetchall()[0][0]


def test_the_game_filter_and_grouping_count_each_games_hands(store: Store) -> None:
    badugi, lowball = _hands_of(store, "badugi"), _hands_of(store, "27_triple_draw")
    assert badugi > 50 and lowball > 50
    only = player_stats(store.con, Selection(hero=True, game="badugi"))
    assert only.row(0, named=True)["hands"] == badugi
    short = player_stats(store.con, Selection(hero=True, game="27td"))  # a short name a user types
    assert short.row(0, named=True)["hands"] == lowball
    grouped = player_stats(store.con, Selection(hero=True, by="game"))
    assert dict(zip(grouped["group"], grouped["hands"])) == {"badugi": badugi, "27_triple_draw": lowball}
    with pytest.raises(BadInput, match="did you mean 'badugi'"):
        Selection(game="badugu")


def test_badugi_leak_rules_see_badugi_hands_only(store: Store) -> None:
    spots, hands = spots_by_rule(store.con, Selection(hero=True))
    badugi_keys = {f"{room}:{hand}" for room, hand in store.con.execute(
        "SELECT room, room_hand_id FROM hands WHERE game = 'badugi'").fetchall()}
    assert hands == _hands_of(store, "badugi") + _hands_of(store, "27_triple_draw")
    for name, rule in RULES.items():
        keys = {key for key, _, _ in spots.get(name, [])}
        if rule.badugi_only:
            assert keys <= badugi_keys, name
        elif name == "open_limp":  # judged on every game: both kinds of hands give spots
            assert keys & badugi_keys and keys - badugi_keys, name

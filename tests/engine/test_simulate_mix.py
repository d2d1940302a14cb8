"""The mixed traffic of many tables (``simulate_mix``): reproducible, as varied as it says (sizes, stakes,
cash and tournaments, a large pool of names, players leaving and joining), and every hand it deals
written, read back and replayed clean."""

from __future__ import annotations

from collections import Counter

from badugi.engine.record import Hand, Noise
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator
from badugi.engine.simulate_mix import MixConfig, MixedTables, name_pool
from badugi.parsers.reader import read_bytes
from badugi.parsers.writers.generate import generate

SMALL = MixConfig(names=2_000, heroes=5, tables=8, cash_session=(5, 30), hands_per_level=(2, 4))


def test_the_name_pool_is_distinct_reproducible_and_varied() -> None:
    pool = name_pool(3_000, 7)
    assert len(set(pool)) == 3_000 and pool == name_pool(3_000, 7) and pool != name_pool(3_000, 8)
    assert any(" " in n for n in pool) and any("." in n for n in pool) and any(n[-1].isdigit() for n in pool)
    assert all(n == n.strip() and ":" not in n and "[" not in n for n in pool)


def test_mixed_tables_are_reproducible_and_varied() -> None:
    hands = [s.hand for s in MixedTables(SMALL, 11).hands(600)]
    again = [s.hand for s in MixedTables(SMALL, 11).hands(600)]
    assert hands == again
    assert {h.max_seats for h in hands} >= {2, 6, 9} and len({h.max_seats for h in hands}) >= 6
    assert any(h.tournament is not None for h in hands) and any(h.tournament is None for h in hands)
    assert len({(h.limit, h.stakes.small_bet, h.stakes.big_bet) for h in hands if h.tournament is None}) >= 4
    players = {s.player for h in hands for s in h.seats}
    assert len(players) > 120  # one simulator of a 6-max table seats 6 names, ever
    assert len({h.hand_id for h in hands}) == len(hands)
    for hand in hands:  # one name per seat, the hero among them
        names = [s.player for s in hand.seats]
        assert len(names) == len(set(names)) and hand.hero in names


def test_cash_players_leave_and_join_between_hands() -> None:
    config = SimConfig(players=6, max_seats=9, names=name_pool(500, 3), turnover=0.2, hero_name="Hero")
    hands = [s.hand for s in Simulator(config, 5).hands(60)]
    moves = Counter(e.kind for h in hands for e in h.events if type(e) is Noise)
    assert moves["leave"] > 10 and moves["join"] > 10
    for before, after in zip(hands, hands[1:]):
        left = {e.player for e in before.events if type(e) is Noise and e.kind == "leave"}
        joined = {e.player for e in before.events if type(e) is Noise and e.kind == "join"}
        seated = {s.player for s in after.seats}
        assert not left & seated and joined <= seated and "Hero" in seated
        assert 2 <= len(seated) <= 9 and after.max_seats == 9


def test_every_mixed_hand_reads_back_and_replays_clean() -> None:
    data = b"".join(generate(SMALL, 4, 400))
    results = list(read_bytes(data, "mix.txt"))
    assert len(results) == 400 and all(isinstance(r, Hand) for r in results), [r for r in results if not isinstance(r, Hand)][:1]
    faults = Counter(v.code for r in results for v in replay(r).violations)
    assert not faults, faults

"""Simulate -> write -> read -> replay gives the same hand back: the same actions, draws, pots, winners
and net per player (what the replay derives from the written text equals what it derives from the
simulator's full-information record), for every room writer that has a reader."""

from __future__ import annotations

import dataclasses
import random

import pytest

from badugi.engine.policies import make_policy
from badugi.engine.record import Draw, Hand, Limit, Post
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, SimulatedHand, Simulator, room_view
from badugi.parsers.phh import read_phh_text
from badugi.parsers.phh_writer import write_phh

POLICIES = ("sound", "station", "maniac", "snow", "rock", "open:30")


def configs(room: str, limits: tuple[Limit, ...], seed: int, count: int, game: str = "badugi"):
    """``count`` random table set-ups (players, limit, cash/tournament, policy mix) from one seed."""
    rng = random.Random(seed)
    most = 10 if game == "badugi" else 8  # five-card hands: eight players at most (the stub)
    for _ in range(count):
        policies = tuple(make_policy(rng.choice(POLICIES)) for _ in range(rng.randint(1, 4)))
        yield SimConfig(room=room, game=game, players=rng.randint(2, most), limit=rng.choice(limits),
                        tournament=rng.random() < 0.3, policies=policies,
                        short_stack_share=rng.choice((0.0, 0.25, 0.6))), rng.randrange(10**6)


def signature(hand: Hand) -> tuple:
    """What must survive the trip: every derived step (street, player, kind, amount), draw counts,
    pots with winners, and each player's net."""
    result = replay(hand)
    steps = tuple((s.street, s.player, s.kind, s.amount) for s in result.steps)
    draws = tuple((e.player, e.draw, e.count) for e in hand.events if type(e) is Draw)
    pots = tuple((p.amount, tuple(p.winners or ())) for p in result.pots)
    return steps, draws, pots, tuple(sorted(result.net))


def short_blind(sim: SimulatedHand) -> bool:
    """A blind posted all-in for less than the blind: PHH's forced-bet arrays give only the posted
    amount, so the stated big blind (and with it the minimum bet) is not in the file."""
    return any(type(e) is Post and e.all_in for e in sim.hand.events)


def phh_trip(sim: SimulatedHand) -> Hand:
    (read,) = list(read_phh_text(write_phh(room_view(sim.hand)), "<phh>"))
    assert isinstance(read, Hand), read
    return read


def check_phh(seed: int, tables: int, hands: int, game: str = "badugi") -> int:
    checked = 0
    for config, table_seed in configs("phh", tuple(Limit), seed, tables, game):
        for sim in Simulator(config, table_seed).hands(hands):
            if short_blind(sim):
                continue
            back = phh_trip(sim)
            codes = [v.code for v in replay(back).violations]
            assert codes == [], (sim.hand.hand_id, replay(back).violations)
            assert signature(back) == signature(sim.hand), sim.hand.hand_id
            assert dict(replay(back).net) == sim.truth.net
            checked += 1
    return checked


def test_phh_round_trip_gives_the_same_hand_back() -> None:
    assert check_phh(seed=1, tables=12, hands=25) > 250


@pytest.mark.slow
def test_phh_round_trip_10000_hands() -> None:
    assert check_phh(seed=2, tables=100, hands=100) > 9000


# ---- client text rooms: the bytes a client would save, read by the same reader as real files -----

TEXT_ROOMS = ("pokerstars", "fulltilt")
ROOM_LIMITS = {"pokerstars": (Limit.FIXED, Limit.POT, Limit.NO_LIMIT), "fulltilt": (Limit.FIXED,)}


def read_back(room: str, data: bytes) -> list:
    """Read a written file with the project's reader for real files (no special case for simulated
    text): ``badugi.parsers.reader.read_bytes`` when present, else the room module's ``parse_hand``
    over the file's hands. Skips while neither exists."""
    try:
        from badugi.parsers import reader  # type: ignore[attr-defined]
    except ImportError:
        reader = None
    if reader is not None and hasattr(reader, "read_bytes"):  # decode, split and parse as any real file
        return list(reader.read_bytes(data, f"<{room}>"))
    text = data.decode("utf-16") if data[:2] == b"\xff\xfe" else data.decode("utf-8-sig")
    module = pytest.importorskip(f"badugi.parsers.rooms.{room}")
    parse_hand = getattr(module, "parse_hand", None)
    if parse_hand is None:
        pytest.skip(f"no {room} reader yet")
    chunks = [c for c in text.replace("\r\n", "\n").split("\n\n\n\n") if c.strip()]
    return [parse_hand(chunk.strip("\n") + "\n", f"<{room}>", 1, 0) for chunk in chunks]


def writable(room: str, sims: list[SimulatedHand]) -> list[SimulatedHand]:
    from badugi.parsers.writers import UnsupportedByRoom, get_writer

    out = []
    for sim in sims:
        try:
            get_writer(room).write_hand(sim.hand)
        except UnsupportedByRoom:
            continue
        out.append(sim)
    return out


def check_text_room(room: str, seed: int, tables: int, hands: int, game: str = "badugi") -> int:
    from badugi.parsers.writers import get_writer

    checked = 0
    limits = ROOM_LIMITS[room] if game == "badugi" else (GAME_LIMITS[room, game],)
    for config, table_seed in configs(room, limits, seed, tables, game):
        if room == "fulltilt":
            config = dataclasses.replace(config, tournament=False)
        config = dataclasses.replace(config, noise_rate=0.03)
        sims = writable(room, list(Simulator(config, table_seed).hands(hands)))
        results = read_back(room, get_writer(room).write_file(sim.hand for sim in sims))
        assert len(results) == len(sims)
        for sim, back in zip(sims, results):
            assert isinstance(back, Hand), back
            codes = [v.code for v in replay(back).violations]
            assert codes == [], (sim.hand.hand_id, replay(back).violations)
            assert signature(back) == signature(sim.hand), sim.hand.hand_id
            assert dict(replay(back).net) == sim.truth.net
            checked += 1
    return checked


@pytest.mark.parametrize("room", TEXT_ROOMS)
def test_text_room_round_trip_gives_the_same_hand_back(room: str) -> None:
    assert check_text_room(room, seed=3, tables=10, hands=30) > 250


@pytest.mark.slow
@pytest.mark.parametrize("room", TEXT_ROOMS)
def test_text_room_round_trip_10000_hands(room: str) -> None:
    assert check_text_room(room, seed=4, tables=100, hands=105) > 10_000


# ---- the other draw games: each in every room that writes it --------------------------------------

GAME_LIMITS = {("pokerstars", "27_triple_draw"): Limit.FIXED, ("pokerstars", "27_single_draw"): Limit.NO_LIMIT,
               ("fulltilt", "27_triple_draw"): Limit.FIXED, ("fulltilt", "a5_triple_draw"): Limit.FIXED,
               ("fulltilt", "27_single_draw"): Limit.NO_LIMIT}
"""The draw games each client wrote, at the limit its real files show (PHH writes every game at every limit)."""
DRAW_GAMES = ("27_triple_draw", "a5_triple_draw", "27_single_draw", "a5_single_draw", "badacey", "badeucey")


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_phh_round_trip_of_every_draw_game(game: str) -> None:
    assert check_phh(seed=5, tables=6, hands=20, game=game) > 100


@pytest.mark.parametrize("room,game", sorted(GAME_LIMITS))
def test_text_room_round_trip_of_every_draw_game(room: str, game: str) -> None:
    assert check_text_room(room, seed=6, tables=6, hands=25, game=game) > 120


@pytest.mark.slow
@pytest.mark.parametrize("room,game", sorted(GAME_LIMITS) + [("phh", game) for game in DRAW_GAMES])
def test_draw_game_round_trip_2000_hands(room: str, game: str) -> None:
    if room == "phh":
        assert check_phh(seed=8, tables=40, hands=50, game=game) > 1800
    else:
        assert check_text_room(room, seed=8, tables=40, hands=60, game=game) > 2000  # no-limit tables lose hands to busts


def test_pokerstars_short_all_in_big_blind_reads_back() -> None:
    from badugi.parsers.writers import get_writer

    config = SimConfig(players=3, tournament=True, policies=(make_policy("maniac"),), hands_per_level=4)
    # a blind posted all-in for less must not be read as the stated blind (seeds 9, 11 and 13 deal one each)
    sims = [s for seed in (9, 11, 13) for s in Simulator(config, seed).hands(400) if short_blind(s)]
    assert len(sims) == 3
    for sim in sims:
        (back,) = read_back("pokerstars", get_writer("pokerstars").write_file([sim.hand]))
        assert [v.code for v in replay(back).violations] == []


SAMPLE_COUNTS = {
    "pokerstars_fl_cash_6max.txt": 200, "pokerstars_fl_tournament_9max.txt": 200, "fulltilt_fl_cash_6max.txt": 150,
    "phh_fl_cash.phhs": 150, "phh_pl_cash.phhs": 150, "phh_hpl_cash.phhs": 150, "phh_nl_heads_up.phhs": 150,
}


@pytest.mark.parametrize("name", sorted(SAMPLE_COUNTS))
def test_every_sample_history_reads_back_whole(name: str) -> None:
    """The committed samples are what scripts/make_samples.sh writes, and the reader takes every hand;
    every sample replays clean (but for a big blind posted all-in short, see above)."""
    reader = pytest.importorskip("badugi.parsers.reader")
    from conftest import SAMPLES

    results = list(reader.read_file(SAMPLES / name))
    assert len(results) == SAMPLE_COUNTS[name]
    assert all(isinstance(r, Hand) for r in results), [r for r in results if not isinstance(r, Hand)][:1]
    for hand in results:
        short = any(type(e) is Post and e.all_in for e in hand.events)
        assert short or not replay(hand).violations, (hand.hand_id, replay(hand).violations)

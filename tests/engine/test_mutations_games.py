"""The mutation suite on every game of the draw family: each game's clean hands (the real ones of
../shared/real_hh and real_hh_corpus, and simulated ones as each room that writes the game shows them)
replay with no violation, and each corruption is caught with its intended code in at least 99 % of the
mutants, game by game. Every game gets a wrong winner, a wrong label and a wrong draw count; the split games
a half paid unevenly and both halves paid to one of their two winners (``pytest -s`` prints the table)."""

from __future__ import annotations

import sys
from functools import cache

import pytest
from replay_mutations import GAME_MUTATIONS, MUTATIONS, run_mutants

from badugi.engine import games
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view
from badugi.parsers.reader import read_paths
from conftest import REAL_HH

CORPUS = REAL_HH.parent / "real_hh_corpus"
DRAW_GAMES = tuple(name for name in games.GAMES if name != "badugi")
REQUIRED = {"winner swapped": "showdown.wrong_winner", "wrong hand label": "showdown.label_mismatch",
            "discards != cards received": "draw.count_mismatch", "draw beyond the hand": "draw.count_mismatch"}
"""The mutations every game must make at least one mutant of (and the split games ``half paid unevenly``)."""
SIMULATED = {"27_triple_draw": ("pokerstars", "fulltilt", "phh"), "a5_triple_draw": ("fulltilt", "phh"),
             "27_single_draw": ("pokerstars", "fulltilt", "phh"), "a5_single_draw": ("phh",), "badacey": ("phh",),
             "badeucey": ("phh",)}
"""The rooms that write each game (the simulator deals it as each of them shows it)."""
CLIENT_BUG = "81631597149"
"""PokerStars' duplicate-hole-cards hand: its hero's cards contradict themselves, so it is not clean."""


@cache
def real_draw_hands() -> tuple[Hand, ...]:
    """Every real draw-game hand once (the corpus repeats real_hh's files), clean ones only: not cancelled,
    not truncated, not the client bug."""
    if not CORPUS.exists() or not REAL_HH.exists():
        return ()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(games, "REPLAYED", frozenset(games.GAMES))
        found = {(r.room, r.hand_id): r for r in read_paths([REAL_HH, CORPUS])
                 if isinstance(r, Hand) and r.game != "badugi"}
    return tuple(h for h in found.values() if not (h.cancelled or h.partial) and h.hand_id != CLIENT_BUG
                 and "hand.dead" not in replay(h).codes)


@cache
def hands_of(game: str) -> tuple[Hand, ...]:
    real = [h for h in real_draw_hands() if h.game == game]
    simulated: list[Hand] = []
    for k, room in enumerate(SIMULATED[game]):
        # a single draw is dealt no limit (as the rooms deal 2-7), the other games fixed limit
        limit = games.GAMES[game].phh_variants[2 if games.GAMES[game].draws == 1 else 0][1]
        config = SimConfig(room=room, game=game, players=2 + 2 * k, limit=limit, short_stack_share=0.3)
        for played in Simulator(config, seed=11 + k).hands(120 if games.GAMES[game].is_split else 40):
            simulated += [played.hand, room_view(played.hand)]
    return tuple(real + simulated)


def test_clean_hands_of_every_game_have_no_violations() -> None:
    for game in DRAW_GAMES:
        dirty = {f"{h.room} #{h.hand_id}": replay(h).codes for h in hands_of(game) if replay(h).violations}
        assert dirty == {}, game


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_mutants_of_every_game_are_caught_with_the_intended_code(game: str) -> None:
    rows, misses = run_mutants(hands_of(game), MUTATIONS + GAME_MUTATIONS)
    print(f"\n{game}: {'mutation':<32} {'intended code':<24} {'mutants':>7} {'detected':>8}", file=sys.stderr)
    for name, code, made, caught in rows:
        print(f"{game}: {name:<32} {code:<24} {made:>7} {caught:>8}", file=sys.stderr)
    made_of = {name: made for name, _code, made, _caught in rows}
    split = {"half paid unevenly": "showdown.wrong_split", "both halves to one winner": "showdown.wrong_winner"}
    required = dict(REQUIRED, **(split if games.GAMES[game].is_split else {}))
    assert all(made_of[name] > 0 for name in required), {name: made_of[name] for name in required}
    for name, code, made, caught in rows:
        assert caught >= 0.99 * made, (game, name, made, caught, [m for m in misses if m[0] == name][:5])

"""Simulated hand-history files: the simulator's hands written in a room's text, streamed in chunks.

Library side of ``badugi simulate`` and ``benchmarks/generate.py`` (no printing here): the caller
gets the bytes hand by hand and decides where they go. The same configuration and seed always give
the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from badugi.engine.games import get_game
from badugi.engine.record import Hand, Limit
from badugi.engine.simulate import SimConfig, Simulator, room_view
from badugi.engine.simulate_mix import MixConfig, MixedTables
from badugi.errors import BadInput

from . import fulltilt, pokerstars
from .base import BOM, HAND_SEPARATOR, UnsupportedByRoom

MAX_REFUSED_IN_A_ROW = 1000


@dataclass
class GenerateStats:
    """What a run wrote: hands written, and hands the room's text could not express (re-dealt)."""

    written: int = 0
    refused: int = 0


ROOM_GAMES: dict[str, dict[str, tuple[str, Limit]]] = {"pokerstars": pokerstars.GAMES, "fulltilt": fulltilt.GAMES}
"""The games and limits each text room writes: its reader's header table (PHH writes every game)."""


def check_supported(config: SimConfig | MixConfig) -> None:
    """Refuse, before dealing, a room/game/limit/format combination no real text exists for."""
    if isinstance(config, MixConfig):
        if config.room == "fulltilt":
            raise BadInput("mixed traffic has tournaments and pot-limit tables: use --room pokerstars or phh")
        return
    game = get_game(config.game)
    games = ROOM_GAMES.get(config.room)
    if games is not None and (game.name, config.limit) not in games.values():
        dealt = sorted({f"{limit.value} {get_game(name).title}" for name, limit in games.values()})
        raise BadInput(f"{config.room} text exists for {', '.join(dealt)}; not {config.limit.value} {game.title} "
                       f"(use --room phh)")
    if config.room == "fulltilt" and config.tournament:
        raise BadInput("no Full Tilt Badugi tournament text is known (use --room pokerstars or phh)")


def _encoders(room: str) -> tuple[bytes, Callable[[Hand, int], bytes]]:
    """The file's first bytes and the per-hand encoder of a room."""
    if room == "pokerstars":
        return BOM.encode("utf-8"), lambda hand, _: (pokerstars.write_hand(hand) + HAND_SEPARATOR).encode("utf-8")
    if room == "fulltilt":
        return BOM.encode("utf-16-le"), lambda hand, _: (fulltilt.write_hand(hand) + HAND_SEPARATOR).encode("utf-16-le")
    if room == "phh":
        from badugi.parsers.phh_writer import write_phh

        def encode(hand: Hand, index: int) -> bytes:
            text = write_phh(room_view(hand))  # the hero's log: other players' unshown cards are ????
            return (("\n" if index > 1 else "") + f"[{index}]\n" + text).encode("utf-8")

        return b"", encode
    raise BadInput(f"no writer for room {room!r}")


def generate(config: SimConfig | MixConfig, seed: int, hands: int,
             stats: GenerateStats | None = None) -> Iterator[bytes]:
    """Yield the file's bytes: its header bytes (BOM) first, then one chunk per hand, ``hands`` in all.
    A ``MixConfig`` deals many tables' hands in turn (``simulate_mix.MixedTables``), one ``SimConfig`` one
    table's.

    A hand the room cannot express (``UnsupportedByRoom``, e.g. Full Tilt with two side pots) is not
    written; the dealer deals another, so the file always holds exactly ``hands`` hands.
    """
    check_supported(config)
    stats = stats if stats is not None else GenerateStats()
    head, encode = _encoders(config.room)
    simulator = MixedTables(config, seed) if isinstance(config, MixConfig) else Simulator(config, seed)
    yield head
    refused_in_a_row = 0
    while stats.written < hands:
        hand = simulator.play_hand().hand
        try:
            chunk = encode(hand, stats.written + 1)
        except UnsupportedByRoom:
            stats.refused += 1
            refused_in_a_row += 1
            if refused_in_a_row >= MAX_REFUSED_IN_A_ROW:
                raise BadInput(f"{config.room} cannot write the hands this table deals") from None
            continue
        refused_in_a_row = 0
        stats.written += 1
        yield chunk

"""Stores filled straight from the simulator (no reader needed): simulate -> replay -> rows -> store.

The simulator's policies have documented target frequencies, so stats measured on these stores can be
checked against numbers fixed before any stat code ran.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from collections.abc import Sequence
from pathlib import Path

from badugi.analytics.rows import Columns, add_hand
from badugi.analytics.store import Progress, Store
from badugi.engine.policies import Policy
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view


@dataclass(frozen=True)
class SimResult:
    """``policies``: player name -> policy name; ``net``: the simulator's own net per player (minor
    units, summed over the hands); ``rake``: total rake taken; ``net_bb``: the simulator's net per
    player in big blinds (each hand's net over that hand's big blind: the posted one, else the small bet)."""

    policies: dict[str, str]
    net: dict[str, int]
    rake: int
    net_bb: dict[str, float] = dataclasses.field(default_factory=dict)


def simulate_into(store: Store, policies: Sequence[Policy], hands: int, seed: int, *, players: int = 6,
                  hidden: bool = True, hero_name: str = "Hero", file: str = "sim.txt",
                  config: SimConfig | None = None) -> SimResult:
    """Play ``hands`` hands and store them; returns who played which policy and the simulator's truth.

    ``hidden`` drops the cards a room would not show (opponents' hole cards and discards), as real logs.
    """
    cfg = config or SimConfig(players=players, policies=tuple(policies), hero_name=hero_name)
    sim = Simulator(cfg, seed=seed)
    names = {p.name: p.policy.name for p in sim.players}
    columns = Columns()
    net: dict[str, int] = {}
    net_bb: dict[str, float] = {}
    rake = 0
    for simulated in sim.hands(hands):
        stakes = simulated.hand.stakes
        big_blind = stakes.big_blind or stakes.small_bet
        for name, amount in simulated.truth.net.items():
            net[name] = net.get(name, 0) + amount
            net_bb[name] = net_bb.get(name, 0.0) + amount / big_blind
        rake += simulated.truth.rake
        hand = room_view(simulated.hand) if hidden else simulated.hand
        hand = dataclasses.replace(hand, source=dataclasses.replace(hand.source, file=file))
        add_hand(columns, hand, replay(hand))
    store.write_batch(columns.to_arrow(), Progress(file, 0, 0, 0, ""))
    return SimResult(names, net, rake, net_bb)


def new_store(path: Path) -> Store:
    return Store(path / "sim.duckdb", memory_limit=None)

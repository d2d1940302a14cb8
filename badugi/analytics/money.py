"""Money per currency: which hands' amounts may be added up, and how each kind is shown.

Amounts are stored as integer minor units of the hand's currency. US cents, euro cents, tournament
chips and play chips do not add up, so every money sum is kept per *money kind*:

- cash in one currency (``USD``, ``EUR``, ...): minor units, shown in the currency (``12.34 USD``);
- ``tournament``: chips, worth a different amount at every level and in every tournament, shown as big
  blinds (``35.5 bb``: each hand's net divided by that hand's big blind);
- ``chips``: cash-game chips with no currency (PHH files that name none), shown as big blinds too;
- ``play``: play money, shown in play chips.

bb/100 divides each hand's net by its own big blind, so it is currency-free and pools every kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MONEY_SQL = ("CASE WHEN h.tournament_id IS NOT NULL THEN 'tournament' WHEN h.currency = 'PLAY' THEN 'play' "
             "WHEN h.currency IS NULL OR h.currency = 'CHIPS' THEN 'chips' ELSE h.currency END")
"""A hand's money kind over ``hands h``: the cash currency code, ``tournament``, ``chips`` or ``play``."""

IN_BIG_BLINDS = ("tournament", "chips")
_ORDER = {"tournament": 1, "chips": 2, "play": 3}  # cash currencies (0) first


@dataclass(frozen=True, slots=True)
class MoneyKind:
    """One money kind (see the module docstring), by its key as ``MONEY_SQL`` gives it."""

    key: str

    @property
    def suffix(self) -> str:
        """The per-kind column suffix in the stats frame (``net_usd``, ``net_bb_tournament``)."""
        return re.sub(r"[^a-z0-9]+", "_", self.key.lower())

    @property
    def in_big_blinds(self) -> bool:
        return self.key in IN_BIG_BLINDS

    @property
    def label(self) -> str:
        if self.key == "tournament":
            return "tournament chips"
        if self.key == "chips":
            return "chips (no currency)"
        if self.key == "play":
            return "play money"
        return f"{self.key} cash"

    @property
    def unit(self) -> str:
        """What a shown amount counts: the currency code, ``bb`` (big blinds) or ``play chips``."""
        if self.in_big_blinds:
            return "bb"
        return "play chips" if self.key == "play" else self.key

    def amount(self, minor: int | None, big_blinds: float | None) -> float | None:
        """The number shown for a sum: currency units (minor / 100), big blinds, or play chips."""
        if self.in_big_blinds:
            return None if big_blinds is None else float(big_blinds)
        if minor is None:
            return None
        return minor if self.key == "play" else minor / 100

    def format(self, minor: int | None, big_blinds: float | None, unit: bool = True) -> str:
        """``12.34 USD``, ``-35.5 bb`` or ``1,200 play chips`` (``–`` when there is no amount)."""
        value = self.amount(minor, big_blinds)
        if value is None:
            return "–"
        if self.in_big_blinds:
            text = f"{value:,.1f}"
        elif self.key == "play":
            text = f"{value:,.0f}"
        else:
            text = f"{value:,.2f}"
        return f"{text} {self.unit}" if unit else text


def kind_key(suffix: str) -> str:
    """The money kind a column suffix names: ``usd`` -> ``USD``, ``tournament`` -> ``tournament``."""
    return suffix if suffix in _ORDER else suffix.upper()


def sort_kinds(keys: Iterable[str]) -> list[MoneyKind]:
    """Money kinds in the order they are shown: cash currencies (A-Z), tournaments, chips, play money."""
    return [MoneyKind(k) for k in sorted(set(keys), key=lambda k: (_ORDER.get(k, 0), k))]

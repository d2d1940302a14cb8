"""Who the hero is: one person, named by the user or found in the files.

A room writes a player's own cards face up in that player's files, so each file names the account that
recorded it (``hand_players.is_hero``). One database can hold several people's files (a friend's, a
forum's samples), and pooling every face-up name would report on several people as one. So the hero is

- the names the user gives: ``--hero NAME`` (plus ``--alias`` names), else ``$BADUGI_HERO``
  (plus ``--alias`` names); or
- the name dealt face-up cards in the most hands (within the selected days, room and stakes), plus any
  ``--alias`` names. The other face-up names are left out and listed, with the way to join them.

Names match in every room: the same screen name in two rooms is taken as the same person.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb

from badugi.analytics.selection import HERO_ENV, Selection

DETECTED = "face-up cards"
"""``Hero.source`` when the hero was found in the files rather than named."""
SUMMARIES = "summaries"
"""``Hero.source`` when the hero is the player the most tournament summaries are for."""


@dataclass(frozen=True, slots=True)
class FaceUpName:
    """A screen name some file dealt face-up cards to: its hands (face up) and rooms. ``unit`` names what
    ``hands`` counts (``summary`` for the players tournament summaries are for)."""

    name: str
    hands: int
    rooms: tuple[str, ...]
    unit: str = "hand"

    def describe(self) -> str:
        plural = "summaries" if self.unit == "summary" else f"{self.unit}s"
        hands = f"{self.hands:,} {self.unit if self.hands == 1 else plural}"
        return f"{self.name} ({hands} in {', '.join(self.rooms)})"


@dataclass(frozen=True, slots=True)
class Hero:
    """The hero's screen names, where they came from (``--hero``, ``$BADUGI_HERO``, ``--alias`` or
    ``DETECTED``) and, when found in the files, the other face-up names left out."""

    names: tuple[str, ...]
    source: str
    left_out: tuple[FaceUpName, ...] = ()

    @property
    def detected(self) -> bool:
        return self.source in (DETECTED, SUMMARIES)

    def selection(self, base: Selection) -> Selection:
        """``base``'s days, room, stakes and grouping for the hero's names pooled into one row."""
        return Selection(hero=True, hero_names=self.names, by=base.by, since=base.since, until=base.until,
                         room=base.room, stakes=base.stakes, min_hands=base.min_hands)

    def origin(self) -> str:
        """How the hero was chosen, in words."""
        if self.source == SUMMARIES:
            return "the player the most tournament summaries are for"
        if self.detected:
            return "the name dealt face-up cards in the most hands"
        return f"named by {self.source}"

    def join_hint(self) -> str:
        """The options (and the environment variable) that would add the left-out names."""
        missing = [f.name for f in self.left_out]
        options = " ".join(f"--alias {shlex.quote(name)}" for name in missing)
        everyone = [*self.names, *missing]
        if any("," in name for name in everyone):  # $BADUGI_HERO splits on commas: cannot hold this name
            return options
        return f"{options}, or {HERO_ENV}={shlex.quote(','.join(everyone))}"

    def left_out_text(self) -> str | None:
        """One sentence naming the face-up names left out and how to join them; None when none were."""
        if not self.left_out:
            return None
        count = len(self.left_out)
        listed = "; ".join(f.describe() for f in self.left_out)
        what = "summaries are for" if self.source == SUMMARIES else "dealt face-up cards"
        return (f"left out {count} other name{'s' if count > 1 else ''} {what}: {listed}. "
                f"If they are the same person, add {'them' if count > 1 else 'it'} with {self.join_hint()}")


def face_up_names(con: duckdb.DuckDBPyConnection, selection: Selection = Selection()) -> list[FaceUpName]:
    """Every name dealt face-up cards within ``selection``'s days, room and stakes, most hands first."""
    where, params = selection.filters_only().where()
    sql = f"""
SELECT p.player, count(*)::BIGINT AS hands, list(DISTINCT p.room ORDER BY p.room) AS rooms
FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
WHERE {where} AND p.is_hero
GROUP BY p.player
ORDER BY hands DESC, p.player
"""
    return [FaceUpName(name, int(hands), tuple(rooms)) for name, hands, rooms in con.execute(sql, params).fetchall()]


def find_hero(con: duckdb.DuckDBPyConnection, selection: Selection = Selection(), named: str | None = None,
              env_names: Sequence[str] = (), aliases: Sequence[str] = ()) -> Hero:
    """The hero: ``named`` (``--hero``) plus ``aliases``; else ``env_names`` plus ``aliases``; else the
    face-up name with the most hands plus ``aliases`` (``names`` is empty when there is none)."""
    extra = [a for a in aliases if a]
    if named:
        return Hero(_unique([named, *extra]), "--hero")
    if env_names:
        return Hero(_unique([*env_names, *extra]), f"${HERO_ENV}")
    candidates = face_up_names(con, selection)
    if not candidates:
        return Hero(_unique(extra), "--alias")
    names = _unique([candidates[0].name, *extra])
    return Hero(names, DETECTED, tuple(c for c in candidates[1:] if c.name not in names))


def _unique(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for n in names if n))

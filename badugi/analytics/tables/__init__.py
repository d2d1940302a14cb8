"""Every store table, declared once (see ``analytics/declare.py`` for the words they use).

- ``hands.py``: ``hands`` and ``hand_players`` (where a new per-player stat column goes)
- ``events.py``: ``actions``, ``draws``, ``holdings``, ``showdowns``, ``collects``
- ``outcomes.py``: ``pots``, ``violations``
- ``files.py``: ``rejects``, ``skipped``, ``files``
- ``tournaments.py``: ``tournaments``, ``tournament_results`` (tournament summaries)

Every hand-level row is keyed by ``(room, room_hand_id)`` as the tables are read (stored, since schema version 10,
with the hand's number instead: ``declare.Keyed``). Money is integer minor units, cards are room
notation text (``"As 2d 3h 4c"``), lines are 1-based file lines and offsets are byte offsets in the file.
"""

from __future__ import annotations

from badugi.analytics.declare import Table
from badugi.analytics.tables.events import ACTIONS, COLLECTS, DRAWS, HOLDINGS, SHOWDOWNS
from badugi.analytics.tables.files import FILES, REJECTS, SKIPPED
from badugi.analytics.tables.hands import HAND_PLAYERS, HANDS
from badugi.analytics.tables.outcomes import POTS, VIOLATIONS
from badugi.analytics.tables.tournaments import TOURNAMENT_RESULTS, TOURNAMENTS

DECLARED: tuple[Table, ...] = (HANDS, HAND_PLAYERS, ACTIONS, DRAWS, HOLDINGS, SHOWDOWNS, COLLECTS, POTS, VIOLATIONS,
                               REJECTS, SKIPPED, FILES, TOURNAMENTS, TOURNAMENT_RESULTS)
"""In the order the tables are created."""

BY_NAME: dict[str, Table] = {table.name: table for table in DECLARED}

"""What the replay derived for a hand beside the room's claims: the pots, and every disagreement."""

from __future__ import annotations

from badugi.analytics.columnar import paid_amounts as _paid_amounts
from badugi.analytics.columnar import paid_players as _paid_players
from badugi.analytics.declare import (
    Keyed,
    BIGINT, BIGINT_LIST, BOOLEAN, SMALLINT, VARCHAR, VARCHAR_LIST, Column, Const, Source, Table, hand_key_columns,
)
from badugi.engine.replay_model import PotResult
from badugi.engine.violations import Violation

POT_INDEX = Source("pot_index")  # 0 = main, 1.. = side pots in creation order
POT = Source("pot", PotResult)

POTS = Table("pots", keyed=Keyed(since=10, stored="pots_stored"),
             sources=(POT_INDEX, POT), per_hand=True, order_by="room, room_hand_id, pot_index", columns=(
    *hand_key_columns(),
    Column("pot_index", SMALLINT, POT_INDEX()), Column("amount", BIGINT, POT("amount")),
    Column("eligible", VARCHAR_LIST, POT("eligible")),
    Column("winners", VARCHAR_LIST, POT("winners")),  # NULL: hidden cards decide it
    Column("paid_players", VARCHAR_LIST, POT("paid").stored(_paid_players)),
    Column("paid_amounts", BIGINT_LIST, POT("paid").stored(_paid_amounts)),
))

FINDING = Source("finding")  # a Violation, or the name of a check hidden cards made undecidable

VIOLATIONS = Table("violations", keyed=Keyed(since=10, stored="violations_stored"),
                   sources=(FINDING,), per_hand=True,
                   order_by="room, room_hand_id, line, code, expected, found",
                   variant_source=FINDING, tag="undetermined", columns=(
    *hand_key_columns(),
    Column("code", VARCHAR, FINDING("code")), Column("line", BIGINT, FINDING("line")),
    Column("expected", VARCHAR, FINDING("expected")), Column("found", VARCHAR, FINDING("found")),
    Column("message", VARCHAR, FINDING("message")),
    Column("undetermined", BOOLEAN, Const(False)),  # a check hidden cards made undecidable: only code (its name)
), variants={
    Violation: {"undetermined": Const(False)},
    str: {"code": FINDING().stored(str), "line": Const(None), "expected": Const(None), "found": Const(None),
          "message": Const(None), "undetermined": Const(True)},
})

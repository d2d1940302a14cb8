"""The ``hands`` and ``hand_players`` tables: one row per hand, one per seated player per hand.

To add a stat: give ``PlayerFacts`` (``engine/replay_model.py``) its field, computed in
``engine/facts.py``, and declare its column at the end of ``HAND_PLAYERS`` with the next schema version
(``schema.SCHEMA_VERSION + 1``), e.g. ``Column("my_stat", BOOLEAN, FACTS("my_stat"), since=11)`` while
the store is at version 10 (a BOOLEAN column is stored as the next bit of the flags). The DDL, the migration that
adds it to existing databases (for a bit: the view), the import's Arrow
batches and the row builder all follow from that line.
"""

from __future__ import annotations

from datetime import datetime, timezone
from operator import eq

from badugi.analytics.columnar import amounts_text as _amounts_text
from badugi.analytics.columnar import enum_text
from badugi.analytics.columnar import seated as _seated
from badugi.analytics.declare import (
    Keyed,
    BIGINT, BOOLEAN, DOUBLE, INTEGER, SMALLINT, TIMESTAMP, VARCHAR, Closed, Column, Combine, Fields, Flags, Kind, Source,
    Table,
    hand_key_columns,
)
from badugi.engine.record import Hand, Limit, Seat, TimeFlag
from badugi.engine.replay_model import PlayerFacts, Replay, StreetActions

HAND = Source("hand", Hand)
REPLAY = Source("replay", Replay)  # None when the hand could not be replayed
SEAT = Source("seat", Seat)
FACTS = Source("facts", PlayerFacts)  # None for a player the replay left out
COLLECTED = Source("collected")  # the sum of the room's collect lines for the player
DRAWS = (1, 2, 3)
EV_METHODS = ("exact", "monte-carlo")
"""``hand_players.ev_method`` 's values (``allin_ev.Method``; the store does not import the EV code), stored as an
ENUM since version 12 (``declare.Closed``)."""


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=timezone.utc)


def _time_flag(text: str | None) -> TimeFlag | None:
    return TimeFlag(text) if text else None


def _amounts(text: str | None) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split()) if text else ()


HANDS = Table("hands", keyed=Keyed(since=10, stored="hands_stored"),
              sources=(HAND, REPLAY), per_hand=True, order_by="room, room_hand_id", columns=(
    # one row per hand the room wrote and the reader read as Badugi
    Column("room", VARCHAR, HAND("room")), Column("room_hand_id", VARCHAR, HAND("hand_id")),
    Column("file", VARCHAR, HAND("source.file")), Column("line", BIGINT, HAND("source.line")),
    Column("byte_offset", BIGINT, HAND("source.offset")),
    Column("game", VARCHAR, HAND("game")), Column("limit_type", VARCHAR, HAND("limit").stored(enum_text, load=Limit),
                                                closed=Closed(12, tuple(limit.value for limit in Limit))),
    Column("currency", VARCHAR, HAND("currency")),
    Column("small_bet", BIGINT, HAND("stakes.small_bet")), Column("big_bet", BIGINT, HAND("stakes.big_bet")),
    Column("small_blind", BIGINT, HAND("stakes.small_blind")), Column("big_blind", BIGINT, HAND("stakes.big_blind")),
    Column("ante", BIGINT, HAND("stakes.ante")),
    Column("table_name", VARCHAR, HAND("table")), Column("max_seats", INTEGER, HAND("max_seats")),
    Column("button", INTEGER, HAND("button")),
    # the record's time is UTC; Arrow stores an aware time as its UTC value (pyarrow >= 2)
    Column("start_time", TIMESTAMP, HAND("start_time").loaded(_utc)),
    Column("time_zone", VARCHAR, HAND("time_zone")),
    Column("tournament_id", VARCHAR, HAND("tournament.tournament_id")),
    Column("tournament_level", VARCHAR, HAND("tournament.level")),
    Column("buy_in", VARCHAR, HAND("tournament.buy_in")), Column("club", VARCHAR, HAND("tournament.club")),
    Column("hero", VARCHAR, HAND("hero")), Column("cancelled", BOOLEAN, HAND("cancelled")),
    Column("partial", BOOLEAN, HAND("partial")),
    Column("players", INTEGER, HAND("seats").stored(_seated)),  # seated players not sitting out
    Column("claimed_total_pot", BIGINT, HAND("claims.total_pot")),
    Column("claimed_main_pot", BIGINT, HAND("claims.main_pot")),
    Column("claimed_side_pots", VARCHAR, HAND("claims.side_pots").stored(_amounts_text, load=_amounts)),
    Column("claimed_rake", BIGINT, HAND("claims.rake")),
    # replay (NULL when the hand could not be replayed)
    Column("replayed", BOOLEAN, REPLAY.present()), Column("derived_total_pot", BIGINT, REPLAY("total_pot")),
    Column("derived_rake", BIGINT, REPLAY("rake")), Column("showdown", BOOLEAN, REPLAY("showdown")),
    Column("ended_street", SMALLINT, REPLAY("ended_street")),
    Column("violations", INTEGER, REPLAY("violations").stored(len).otherwise(0)),
    Column("undetermined", INTEGER, REPLAY("undetermined").stored(len).otherwise(0)),
    # the log claims no collected amounts, so the pots, the rake and every net are the rules' awards
    # (NULL on rows imported before version 4: re-import to fill)
    Column("awards_derived", BOOLEAN, REPLAY("awards_derived"), since=4),
    # why start_time is a guess or unknown (``record.TimeFlag``: ambiguous, nonexistent, unknown_zone,
    # no_zone, clocks_disagree); NULL: exact, or imported before version 5
    Column("time_flag", VARCHAR, HAND("time_flag").stored(enum_text, load=_time_flag), since=5,
           closed=Closed(12, tuple(flag.value for flag in TimeFlag))),
))


def _facts(kind: Kind, *names: str, since: int = 1) -> tuple[Column, ...]:
    """Columns named as the ``PlayerFacts`` fields they store."""
    return tuple(Column(name, kind, FACTS(name), since=since) for name in names)


HAND_PLAYERS = Table("hand_players", keyed=Keyed(since=10, stored="hand_players_stored"),
                     sources=(SEAT, FACTS, COLLECTED, HAND), per_hand=True,
                     order_by="room, room_hand_id, seat, player",
                     # (version 8) the BOOLEAN columns are stored as bits: rows in hand_players_stored, hand_players
                     # a view (declare.Flags); a BOOLEAN column added later takes the next bit, with no DDL
                     flags=Flags(since=8, stored="hand_players_stored"),
                     # (version 9) the street action counts are stored as fields of four BIGINTs (declare.Fields)
                     fields=Fields(since=9, columns=tuple(f"{action}_{n}" for n in DRAWS
                                                          for action in StreetActions._fields),
                                   words=("counts_0", "counts_1", "counts_2", "counts_3"), known="counts_known"),
                     columns=(
    # the seat line plus the replay's per hand-player facts (DESIGN §6)
    *hand_key_columns(),
    Column("seat", INTEGER, SEAT("seat")), Column("player", VARCHAR, SEAT("player")),
    Column("stack", BIGINT, SEAT("stack")), Column("sitting_out", BOOLEAN, SEAT("sitting_out")),
    Column("is_hero", BOOLEAN, Combine(eq, (SEAT("player"), HAND("hero")))),
    Column("claimed_collected", BIGINT, COLLECTED()),
    Column("replayed", BOOLEAN, FACTS.present()),  # False: a player the replay left out (facts NULL)
    Column("position", VARCHAR, FACTS("position")),  # BTN, CO, HJ, ..., SB, BB
    # pre-draw: *_opp is the opportunity, the plain name whether it was taken
    *_facts(BOOLEAN, "vpip", "pfr", "rfi_opp", "rfi", "limp", "three_bet_opp", "three_bet", "fold_to_3bet_opp",
            "fold_to_3bet", "steal_opp", "steal", "fold_to_steal_opp", "fold_to_steal"),
    # draws: cards drawn at draw N (NULL: did not reach it), stood pat, saw draw N
    *(Column(f"drawn_{n}", SMALLINT, FACTS(f"drawn.{n - 1}")) for n in DRAWS),
    *(Column(f"stood_pat_{n}", BOOLEAN, FACTS(f"stood_pat.{n - 1}")) for n in DRAWS),
    *(Column(f"saw_draw_{n}", BOOLEAN, FACTS(f"saw_draw.{n - 1}")) for n in DRAWS),
    *_facts(BOOLEAN, "went_to_showdown", "won_at_showdown", "won", "all_in"),
    *_facts(SMALLINT, "folded_street"),
    *_facts(BIGINT, "invested", "collected", "net", "rake_share"),  # money, minor units
    # action counts in the rounds after draw 1, 2, 3: bets_1, raises_1, calls_1, checks_1, folds_1, bets_2, ...
    *(Column(f"{action}_{n}", SMALLINT, FACTS(f"streets.{n - 1}.{action}"))
      for n in DRAWS for action in StreetActions._fields),
    # draw play (version 2): had a pre-draw decision; pats and snows with known cards; a known badugi held
    # before a draw and broken; bet/raise called and with fewer cards drawn than every caller; faced a
    # bet from a player who stood pat at that draw and folded to it
    *_facts(BOOLEAN, "decided", "pat_known", "snowed", "held_badugi", "broke_badugi", "bet_called", "bet_fewer",
            "faced_pat", "fold_to_pat", since=2),
    # all-in EV (version 7; engine/allin_hand.py): the expected share of the pots less invested where the
    # betting closed with draws to come, else the net; its standard error; exact / monte-carlo (NULL: no EV)
    *_facts(DOUBLE, "ev_net", "ev_net_se", since=7), Column("ev_method", VARCHAR, FACTS("ev_method"), since=7,
                                                            closed=Closed(12, EV_METHODS)),
))

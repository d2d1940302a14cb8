"""The tables of tournament summaries: one row per summary read, one per result it lists (schema
version 6). Money is in hundredths of its currency (cents; hundredths of a point or play chip) and is
never added across currencies."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from badugi.analytics.declare import (
    BIGINT, BOOLEAN, INTEGER, SMALLINT, TIMESTAMP, VARCHAR, VARCHAR_LIST, Column, Source, Table,
)
from badugi.parsers.tournament_record import Placing, TournamentSummary

SUMMARY = Source("summary", TournamentSummary)
PLACING = Source("placing", Placing)
V6 = 6


def _naive(when: datetime) -> datetime:
    """An aware UTC time as the naive UTC ``TIMESTAMP`` the store keeps."""
    return when.replace(tzinfo=None)


def _listed(values: tuple[str, ...]) -> list[str] | None:
    return list(values) or None


def _joined(values: tuple[str, ...]) -> str | None:
    return "; ".join(values) or None


def _mine(placings: tuple[Placing, ...]) -> list[Placing]:
    return [p for p in placings if p.is_hero]


def _entries(placings: tuple[Placing, ...]) -> int | None:
    return len(_mine(placings)) or None


def _finish(placings: tuple[Placing, ...]) -> int | None:
    return min((p.place for p in _mine(placings) if p.place is not None), default=None)


def _prize_currency(placings: tuple[Placing, ...]) -> str | None:
    """The one currency of the owner's money prizes (None for none, or for prizes in several)."""
    currencies = {p.prize_currency for p in _mine(placings) if p.prize is not None}
    return currencies.pop() if len(currencies) == 1 else None


def _prize(placings: tuple[Placing, ...]) -> int | None:
    """The owner's money prizes added up, when they are in one currency."""
    prizes = [p.prize for p in _mine(placings) if p.prize is not None]
    return sum(prizes) if _prize_currency(placings) is not None else None


def _prize_text(placings: tuple[Placing, ...]) -> str | None:
    return "; ".join(p.prize_text for p in _mine(placings) if p.prize_text) or None


def _column(name: str, kind: Any, take: Any) -> Column:
    return Column(name, kind, take, since=V6)


TOURNAMENTS = Table("tournaments", sources=(SUMMARY,), per_file=True, order_by="file, byte_offset", columns=(
    # one row per tournament summary read (a file may hold several), where it is
    _column("file", VARCHAR, SUMMARY("source.file")), _column("line", BIGINT, SUMMARY("source.line")),
    _column("byte_offset", BIGINT, SUMMARY("source.offset")), _column("lines", INTEGER, SUMMARY("line_count")),
    _column("room", VARCHAR, SUMMARY("room")), _column("tournament_id", VARCHAR, SUMMARY("tournament_id")),
    _column("part", VARCHAR, SUMMARY("part")),  # a part summarised on its own (a Full Tilt Matrix "Match 1")
    _column("site", VARCHAR, SUMMARY("site")), _column("name", VARCHAR, SUMMARY("name")),
    _column("game", VARCHAR, SUMMARY("game")), _column("flags", VARCHAR_LIST, SUMMARY("flags").stored(_listed)),
    _column("currency", VARCHAR, SUMMARY("currency")), _column("buy_in", BIGINT, SUMMARY("buy_in")),
    _column("fee", BIGINT, SUMMARY("fee")), _column("bounty", BIGINT, SUMMARY("bounty")),
    # Full Tilt: the bounty is part of buy_in; PokerStars: paid beside it
    _column("bounty_in_buy_in", BOOLEAN, SUMMARY("bounty_in_buy_in")),
    # one rebuy / add-on, its fee included
    _column("rebuy_cost", BIGINT, SUMMARY("rebuy_cost")), _column("addon_cost", BIGINT, SUMMARY("addon_cost")),
    _column("entrants", INTEGER, SUMMARY("entrants")), _column("total_rebuys", INTEGER, SUMMARY("total_rebuys")),
    _column("total_addons", INTEGER, SUMMARY("total_addons")),
    _column("prize_pool", BIGINT, SUMMARY("prize_pool")),
    _column("prize_pool_currency", VARCHAR, SUMMARY("prize_pool_currency")),
    _column("prize_pool_text", VARCHAR, SUMMARY("prize_pool_text")),
    _column("added", BIGINT, SUMMARY("added")), _column("target", VARCHAR, SUMMARY("target")),
    # UTC; the zone as written
    _column("start_time", TIMESTAMP, SUMMARY("start_time").stored(_naive)),
    _column("end_time", TIMESTAMP, SUMMARY("end_time").stored(_naive)),
    _column("time_zone", VARCHAR, SUMMARY("time_zone")),
    _column("status", VARCHAR, SUMMARY("status")),  # finished, running, or NULL (not written)
    # the player the file is for, as it says, and that player's results (several: a multi-entry)
    _column("hero", VARCHAR, SUMMARY("hero")), _column("hero_entries", INTEGER, SUMMARY("placings").stored(_entries)),
    _column("hero_finish", INTEGER, SUMMARY("placings").stored(_finish)),  # best place
    _column("hero_prize", BIGINT, SUMMARY("placings").stored(_prize)),
    _column("hero_prize_currency", VARCHAR, SUMMARY("placings").stored(_prize_currency)),
    _column("hero_prize_text", VARCHAR, SUMMARY("placings").stored(_prize_text)),
    _column("hero_rebuys", INTEGER, SUMMARY("hero_rebuys")), _column("hero_addons", INTEGER, SUMMARY("hero_addons")),
    _column("hero_knockouts", INTEGER, SUMMARY("hero_knockouts")),
    _column("results", INTEGER, SUMMARY("placings").stored(len)),  # rows in tournament_results
    # what was read but odd (an unfilled placeholder, two lines written as one)
    _column("notes", VARCHAR, SUMMARY("notes").stored(_joined)),
))

TOURNAMENT_RESULTS = Table("tournament_results", sources=(SUMMARY, PLACING), per_file=True,
                           order_by="file, byte_offset, line, place, player", columns=(
    # every result a summary lists, plus the owner's result a sentence states (listed = false)
    _column("file", VARCHAR, SUMMARY("source.file")),  # the summary's (tournaments.file, byte_offset)
    _column("byte_offset", BIGINT, SUMMARY("source.offset")),
    _column("line", BIGINT, PLACING("line")), _column("room", VARCHAR, SUMMARY("room")),
    _column("tournament_id", VARCHAR, SUMMARY("tournament_id")), _column("part", VARCHAR, SUMMARY("part")),
    _column("place", INTEGER, PLACING("place")), _column("player", VARCHAR, PLACING("player")),
    _column("entry", SMALLINT, PLACING("entry")), _column("prize", BIGINT, PLACING("prize")),
    _column("prize_currency", VARCHAR, PLACING("prize_currency")),
    _column("prize_text", VARCHAR, PLACING("prize_text")), _column("ticket_value", BIGINT, PLACING("ticket_value")),
    _column("still_playing", BOOLEAN, PLACING("still_playing")), _column("listed", BOOLEAN, PLACING("listed")),
    _column("is_hero", BOOLEAN, PLACING("is_hero")),
))

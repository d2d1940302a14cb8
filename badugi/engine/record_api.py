"""The pure-Python twins of the C-level record makers the compiled PokerStars reader builds its records with.

``pokerstars.pxd`` cimports ``record_api.pxd`` (inline Cython only: nothing here is compiled on its own) under the
name ``pokerstars.py`` imports this module by: compiled, ``_records.fold(player, street, line)`` allocates the
extension type (``Fold.__new__``) and sets its C struct fields in place, where ``Fold(player, street, line)`` went
through the type's call: its vectorcall, ``__init__``'s argument parsing against its keywords and defaults (~570
instructions a record against ~200; ~35 records a hand). Run as Python each maker calls the record's class with
the same values by position: the same record. A field a maker does not take holds the record's default.
"""

from __future__ import annotations

from typing import Any

from badugi.engine.record import (
    Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand, Muck, Noise, Post, Raise, Seat,
    Show, Source, Stakes, SummarySeat, Uncalled,
)


def fold(player: Any, street: Any, line: Any) -> Fold:
    return Fold(player, street, line)


def check(player: Any, street: Any, line: Any) -> Check:
    return Check(player, street, line)


def call(player: Any, street: Any, amount: Any, all_in: Any, is_total: Any, line: Any) -> Call:
    return Call(player, street, amount, all_in, is_total, line)


def bet(player: Any, street: Any, amount: Any, all_in: Any, line: Any) -> Bet:
    return Bet(player, street, amount, all_in, line)


def raise_(player: Any, street: Any, raise_by: Any, raise_to: Any, all_in: Any, line: Any) -> Raise:
    return Raise(player, street, raise_by, raise_to, all_in, line)


def post(player: Any, kind: Any, amount: Any, all_in: Any, line: Any) -> Post:
    return Post(player, kind, amount, all_in, line)


def draw(player: Any, draw: Any, count: Any, discards: Any, held: Any, line: Any) -> Draw:
    return Draw(player, draw, count, discards, held, line)


def deal(player: Any, cards: Any, line: Any) -> Deal:
    """(``label`` None, its default)"""
    return Deal(player, cards, line)


def draw_deal(player: Any, draw: Any, count: Any, kept: Any, new: Any, hand: Any, line: Any) -> DrawDeal:
    """(``label`` None, its default)"""
    return DrawDeal(player, draw, count, kept, new, hand, line)


def noise(kind: Any, player: Any, text: Any, line: Any) -> Noise:
    return Noise(kind, player, text, line)


def collect(player: Any, amount: Any, pot: Any, line: Any) -> Collect:
    return Collect(player, amount, pot, line)


def muck(player: Any, cards: Any, line: Any) -> Muck:
    return Muck(player, cards, line)


def uncalled(player: Any, amount: Any, line: Any) -> Uncalled:
    return Uncalled(player, amount, line)


def cap_notice(street: Any, line: Any) -> CapNotice:
    return CapNotice(street, line)


def show(player: Any, cards: Any, label: Any, line: Any) -> Show:
    return Show(player, cards, label, line)


def seat(seat: Any, player: Any, stack: Any, sitting_out: Any, note: Any, line: Any) -> Seat:
    return Seat(seat, player, stack, sitting_out, note, line)


def summary_seat(seat: Any, player: Any, result: Any, position: Any, folded_street: Any, won: Any, net: Any,
                 final_stack: Any, cards: Any, label: Any, line: Any) -> SummarySeat:
    return SummarySeat(seat, player, result, position, folded_street, won, net, final_stack, cards, label, line)


def source(file: Any, line: Any, offset: Any) -> Source:
    return Source(file, line, offset)


def stakes(small_bet: Any, big_bet: Any, small_blind: Any, big_blind: Any, ante: Any) -> Stakes:
    return Stakes(small_bet, big_bet, small_blind, big_blind, ante)


def claims(total_pot: Any, main_pot: Any, side_pots: tuple, rake: Any, summary: tuple, line: Any) -> Claims:
    """(``draw_pots`` empty, its default)"""
    return Claims(total_pot, main_pot, side_pots, rake, summary, line)


def hand(room: Any, hand_id: Any, game: Any, limit: Any, stakes: Stakes, currency: Any, source: Source, table: Any,
         max_seats: Any, button: Any, start_time: Any, time_zone: Any, time_flag: Any, tournament: Any, seats: tuple,
         events: tuple, claims: Claims, hero: Any, cancelled: Any, partial: Any) -> Hand:
    return Hand(room, hand_id, game, limit, stakes, currency, source, table, max_seats, button, start_time, time_zone,
                time_flag, tournament, seats, events, claims, hero, cancelled, partial)

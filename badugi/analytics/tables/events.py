"""The tables of a hand's log, one row per event, in log order (``seq``): betting actions and posts,
draws (joined with the replacement deal the room wrote for each), holdings, shows and mucks, collects.

A table whose rows come from several event types declares, per type, the columns it fills differently
(``variants``); the reader tells them apart by the ``tag`` column and rebuilds each event from the
columns taken from it.
"""

from __future__ import annotations

from typing import NamedTuple

from badugi.analytics.columnar import enum_text, is_none, is_zero
from badugi.analytics.declare import (
    Keyed,
    BIGINT, BOOLEAN, INTEGER, SMALLINT, VARCHAR, Closed, Column, Combine, Const, Source, Table, hand_key_columns,
)
from badugi.engine.cards import Card, format_cards, parse_cards
from badugi.engine.record import Bet, Call, Check, Collect, Draw, DrawDeal, Fold, Muck, Post, PostKind, Raise, Show

SEQ = Source("seq")  # the event's place in the hand's events (its log order)
NULL = Const(None)


def cards_or_none(text: str | None) -> tuple[Card, ...] | None:
    """Stored cards back as cards: no text (NULL or empty) is ``None``."""
    return parse_cards(text) if text else None


def _cards_or_empty(text: str | None) -> tuple[Card, ...]:
    return parse_cards(text) if text else ()


def _cards_text_or_none(cards: tuple[Card, ...]) -> str | None:
    return format_cards(cards) or None


ACTION = Source("action")  # a Post, Fold, Check, Call, Bet or Raise
ACTION_KINDS = ("post", "fold", "check", "call", "bet", "raise")
"""``actions.action`` 's values (each variant's constant), stored as an ENUM since version 12 (``declare.Closed``)."""

ACTIONS = Table("actions", keyed=Keyed(since=10, stored="actions_stored"),
                sources=(SEQ, ACTION), per_hand=True, order_by="room, room_hand_id, seq",
                variant_source=ACTION, tag="action", batch_order=("seq",), columns=(
    # betting actions and posts
    *hand_key_columns(),
    Column("seq", INTEGER, SEQ()), Column("line", BIGINT, ACTION("line")),
    Column("street", SMALLINT, ACTION("street")), Column("player", VARCHAR, ACTION("player")),
    Column("action", VARCHAR, NULL, closed=Closed(12, ACTION_KINDS)),  # post, fold, check, call, bet, raise
    # sb, bb, dead_sb, both, extra, ante for posts
    Column("post_kind", VARCHAR, NULL, closed=Closed(12, tuple(kind.value for kind in PostKind))),
    Column("amount", BIGINT, NULL),  # as written: post/bet/call amount, raise increment
    Column("raise_to", BIGINT, NULL),
    Column("is_total", BOOLEAN, Const(False)), Column("all_in", BOOLEAN, ACTION("all_in")),
), variants={
    Post: {"action": Const("post"), "street": Const(0), "post_kind": ACTION("kind").stored(enum_text, load=PostKind),
           "amount": ACTION("amount")},
    Fold: {"action": Const("fold"), "all_in": Const(False)},
    Check: {"action": Const("check"), "all_in": Const(False)},
    Call: {"action": Const("call"), "amount": ACTION("amount"), "is_total": ACTION("is_total")},
    Bet: {"action": Const("bet"), "amount": ACTION("amount"), "raise_to": ACTION("amount")},
    # Full Tilt, KingsClub and Merge write only the total (raise_by None)
    Raise: {"action": Const("raise"), "amount": ACTION("raise_by"), "raise_to": ACTION("raise_to"),
            "is_total": Combine(is_none, (ACTION("raise_by"),))},
})

DRAW = Source("draw", Draw)
DEAL = Source("deal", DrawDeal)  # the replacement deal the room wrote for the draw (None: none written)

DRAWS = Table("draws", keyed=Keyed(since=10, stored="draws_stored"),
              sources=(SEQ, DRAW, DEAL), per_hand=True, order_by="room, room_hand_id, seq", columns=(
    # one row per draw declaration, joined with the replacement deal the room wrote for it
    *hand_key_columns(),
    Column("seq", INTEGER, SEQ()), Column("line", BIGINT, DRAW("line")), Column("draw", SMALLINT, DRAW("draw")),
    Column("player", VARCHAR, DRAW("player")), Column("count", SMALLINT, DRAW("count")),
    Column("stood_pat", BOOLEAN, DRAW("count").stored(is_zero)),
    Column("discards", VARCHAR, DRAW("discards").stored(format_cards, load=cards_or_none)),
    Column("held", VARCHAR, DRAW("held").stored(format_cards, load=cards_or_none)),
    Column("kept", VARCHAR, DEAL("kept").stored(format_cards, load=cards_or_none)),
    Column("new_cards", VARCHAR, DEAL("new").stored(format_cards, load=cards_or_none)),
    Column("new_hand", VARCHAR, DEAL("hand").stored(format_cards, load=cards_or_none)),
    Column("deal_line", BIGINT, DEAL("line")),
))

HOLDER = Source("holder")  # the player
ROUND = Source("round")  # 0 = dealt, 1..3 = after draw N, 4 = shown
CARDS = Source("cards")  # what the log lets us know of the player's cards then

HOLDINGS = Table("holdings", keyed=Keyed(since=10, stored="holdings_stored"),
                 sources=(HOLDER, ROUND, CARDS), per_hand=True,
                 order_by="room, room_hand_id, player, round", columns=(
    # a player's holding per round. Never overwritten.
    *hand_key_columns(),
    Column("player", VARCHAR, HOLDER()), Column("round", SMALLINT, ROUND()),
    Column("cards", VARCHAR, CARDS().stored(format_cards)),
    Column("known", SMALLINT, CARDS().stored(len)),  # how many of the four cards are known
))


class Shown(NamedTuple):
    """The evaluator's verdict on four distinct shown cards: class 1 (A-2-3-4) .. 1092, and its label."""

    cls: int
    label: str


SHOWDOWN = Source("showdown")  # a Show or a Muck
SHOWN = Source("shown", Shown)  # None: no four distinct cards to evaluate

SHOWDOWNS = Table("showdowns", keyed=Keyed(since=10, stored="showdowns_stored"),
                  sources=(SEQ, SHOWDOWN, SHOWN), per_hand=True, order_by="room, room_hand_id, seq",
                  variant_source=SHOWDOWN, tag="shown", batch_order=("seq",), columns=(
    # shows and mucks, with the room's label (a claim) and the evaluator's
    *hand_key_columns(),
    Column("seq", INTEGER, SEQ()), Column("line", BIGINT, SHOWDOWN("line")),
    Column("player", VARCHAR, SHOWDOWN("player")), Column("shown", BOOLEAN, NULL),
    Column("cards", VARCHAR, NULL), Column("claimed_label", VARCHAR, NULL),
    Column("derived_class", SMALLINT, SHOWN("cls")), Column("derived_label", VARCHAR, SHOWN("label")),
), variants={
    # a show's cards are () when the log does not say what was shown (still in the pot)
    Show: {"shown": Const(True), "cards": SHOWDOWN("cards").stored(format_cards, load=_cards_or_empty),
           "claimed_label": SHOWDOWN("label")},
    Muck: {"shown": Const(False), "cards": SHOWDOWN("cards").stored(_cards_text_or_none, load=cards_or_none)},
})

COLLECT = Source("collect", Collect)

COLLECTS = Table("collects", keyed=Keyed(since=10, stored="collects_stored"),
                 sources=(SEQ, COLLECT), per_hand=True, order_by="room, room_hand_id, seq", columns=(
    # the room's collect lines (claims); the pots the replay derived are in ``pots``
    *hand_key_columns(),
    Column("seq", INTEGER, SEQ()), Column("line", BIGINT, COLLECT("line")),
    Column("player", VARCHAR, COLLECT("player")), Column("pot", VARCHAR, COLLECT("pot")),
    Column("amount", BIGINT, COLLECT("amount")),
))

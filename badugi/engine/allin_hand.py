"""Finding the all-in in a replayed hand: when the betting closed, what was known then, and the pots.

``facts.player_facts`` asks :func:`hand_ev` only for a hand that reached the showdown with at most one
player still able to bet (``Table.active <= 1``): the one test every other hand pays. The betting closed
after the last betting round that has an action; the draws after it (``draws_left``) are the luck that
``allin_ev`` deals again. A hand whose betting closed after the last draw has no luck left to remove:
its EV is its net.

What was known when the betting closed (``docs/stats.md``, all-in EV):

* each player's cards going into the first draw left, where the log shows them: the hero's cards, a
  hand shown at the showdown by a player who stood pat from then on (the settlement carries it back);
* the cards each player kept at that draw: the discards the log names (the hero's), the cards held after
  it (``held`` or shown through pat draws), or all of them for a player who stood pat;
* the dead cards: discards the log names at earlier draws, cards a player held earlier and no longer
  held, and every card of a folded player's the log shows;
* for a player whose cards then are unknown but who drew at that draw and showed at the end: the cards
  shown, some of which they kept (``Contender.shown``).

The pots are the replay's, each paying what it paid after the rake: the room's collections from it
where they account for the whole pot less the rake, otherwise the rake taken from the main pot first.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from badugi.errors import BadInput

from .allin_ev import Contender, Pot, allin_equity

if TYPE_CHECKING:
    from .replay import Walk
    from .settlement import Settlement

EvFacts = tuple[float | None, float | None, str | None]
"""(ev_net, ev_net_se, ev_method) of one player."""

_NOT_NAMED = (None, None, None)


def closed_street(w: Walk) -> int:
    """The betting round after which no bet was possible: the last one with an action (0 = pre-draw)."""
    acts = w.acts
    return acts[-1] & 255 if acts else 0  # the acts run in street order (``walk.act_code``: its round)


def hand_ev(w: Walk, s: Settlement) -> list[EvFacts] | None:
    """Each player's (ev_net, its standard error, the method) in table order, for a hand whose betting
    closed with draws to come; ``None`` when no draw was left (the EV is the net). A hand whose known cards
    contradict each other (a violation the checks report) gets ``(None, None, None)`` for every player."""
    game = w.rules.game
    street = closed_street(w)
    draws_left = game.draws - street
    if draws_left <= 0:
        return None
    t = w.table
    n = t.n
    contenders = []
    dead: set[int] = set()
    for j in range(n):
        stages = s.holdings[j]
        thrown = w.discards.get(j, _NOT_NAMED)
        for k in range(min(street, 3)):  # draws before the betting closed
            if thrown[k]:
                dead.update(thrown[k])  # type: ignore[arg-type]
        if t.folded[j]:
            for cards in stages[:4]:
                if cards:
                    dead.update(cards)
            continue
        hand = stages[street]
        if hand is not None and (len(hand) != game.hand_size or len(set(hand)) != len(hand)):
            hand = None
        kept = None
        drew = w.drawn[j][street]
        if hand is not None:
            for cards in stages[:street]:
                if cards:
                    for c in cards:  # (a loop, not a generator: compiled, no generator object made)
                        if c not in hand:
                            dead.add(c)
            kept = _kept(hand, drew, thrown[street], stages[street + 1])
        contenders.append(Contender(j, None if hand is None else tuple(hand), kept, drew))
    known = set(dead)
    for c in contenders:
        if c.hand is not None:
            known.update(c.hand)
    for k, c in enumerate(contenders):  # an unknown hand shown at the end: it kept some of those cards
        shown = s.holdings[c.player][4]
        if (c.hand is None and c.drew and shown is not None and len(shown) == game.hand_size
                and len(set(shown)) == len(shown) and known.isdisjoint(shown)):
            contenders[k] = Contender(c.player, drew=c.drew, shown=tuple(shown))
            known.update(shown)
    pots = _pots(w, s)
    try:
        equity = allin_equity(game, contenders, pots, draws_left, tuple(sorted(dead)),
                              unit=w.rules.odd_chip_unit, odd_half=w.rules.split_odd_chip_half,
                              seed=zlib.crc32(w.hand.hand_id.encode("utf-8")))
    except BadInput:
        return [(None, None, None)] * n
    out: list[EvFacts] = []
    total_in = t.total_in
    for j in range(n):
        got = equity.expected.get(j)
        if got is None:  # folded before the all-in: no share of any pot, nothing left to luck (EV = net)
            out.append((float(-total_in[j]), None, None))
        else:
            out.append((got - total_in[j], equity.stderr[j], equity.method))
    return out


def _kept(hand: tuple[int, ...], drew: int | None, thrown: tuple[int, ...] | None,
          after: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The cards kept from ``hand`` at the first draw left, where the log shows them."""
    if drew is None:
        return None
    if drew == 0:
        return tuple(hand)
    if thrown is not None and len(thrown) == drew and set(thrown) <= set(hand):
        return tuple(c for c in hand if c not in thrown)
    if after is not None:
        kept = tuple(c for c in hand if c in after)
        if len(kept) == len(hand) - drew:
            return kept
    return None


def _pots(w: Walk, s: Settlement) -> list[Pot]:
    """The replay's pots with what each paid after the rake (see the module docstring)."""
    index_of = {name: i for i, name in enumerate(w.table.names)}  # (``Table.index_of``, not kept on the table)
    rake = max(s.rake, 0)
    pots = s.pots
    paid = []
    total = 0
    every_pot_paid = True
    for pot in pots:  # (loops, not generators: compiled, no generator object made)
        paid_here = 0
        for _player, amount in pot.paid:
            paid_here += amount
        paid.append(paid_here)
        total += pot.amount
        if not pot.paid:
            every_pot_paid = False
    paid_within = True
    for p, pot in zip(paid, pots):
        if not 0 <= p <= pot.amount:
            paid_within = False
    if not (every_pot_paid and sum(paid) == total - rake and paid_within):
        paid = []
        for pot in pots:  # the rake from the main pot first
            take = min(rake, pot.amount)
            rake -= take
            paid.append(pot.amount - take)
    return [Pot(amount, tuple([index_of[name] for name in pot.eligible])) for amount, pot in zip(paid, pots)]

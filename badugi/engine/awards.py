"""Awards for a hand whose log claims no collected amounts (a PHH file without ``winnings``, a text hand
without collect lines): the rules decide who wins each pot and how much, and that is the hand's result.

The same evaluator, split and odd-chip rule that judge a room's claims (``checks.check_showdown``) award
the pots here; ``checks.check_money`` then checks the money is conserved, or says why it cannot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .checks import _split, _winners
from .record import Hand
from .rules import Rules
from .table import DONE, SHOWDOWN

if TYPE_CHECKING:
    from .replay import Walk


def _award_winners(w: Walk, eligible: list[int]) -> list[int] | None:
    """Who the rules award a pot to when the log claims no collections: the last eligible player when
    the others folded or mucked, else the best hand among the players still in it, decided only when
    each of them showed all four cards (a player the log is silent about, or shows face down, may hold
    anything); ``None`` when undecidable."""
    if len(eligible) == 1:
        return list(eligible)
    shows, mucks = w.shows, w.mucks
    contenders = [j for j in eligible if j in shows or j not in mucks]
    if len(contenders) == 1:
        return contenders
    if not contenders or any(j not in shows for j in contenders):
        return None
    return _winners(w, contenders)


def _pot_name(k: int, pots: int) -> str:
    """A derived pot's name as the collect claims spell it (``_pot_index`` reads it back)."""
    if pots == 1:
        return "pot"
    return "main" if k == 0 else f"side-{k}"


def settle_awards(hand: Hand, w: Walk, rules: Rules) -> None:
    """Award every pot as the rules do, for a hand whose log claims no collected amount (a PHH file
    without ``winnings``, a text hand without collect lines): the derived awards become the hand's
    result. A rake the room claims comes off the main pot first (none claimed: no rake); each pot goes
    to ``_award_winners``, a tie split with the odd chip left of the button (``_split``). A pot hidden
    cards leave undecided is not awarded: its eligible players' nets are unknown (``w.unsettled``)."""
    t = w.table
    pots = w.pots
    w.awards_derived = True
    claimed_rake = hand.claims.rake
    rake_left = claimed_rake if claimed_rake is not None and claimed_rake > 0 else 0
    settled = t.phase in (SHOWDOWN, DONE) or t.left <= 1  # everyone else folded: the hand is over
    awards: list[tuple[str, int | None, int, str, int]] = []
    winners_of: list[list[int] | None] = []
    unsettled: set[int] = set()
    names = w.names
    taken = 0
    for k, (amount, eligible) in enumerate(pots):
        take = min(rake_left, amount)
        rake_left -= take
        taken += take
        winners = _award_winners(w, eligible) if settled and eligible else None
        winners_of.append(winners)
        if winners is None:
            unsettled.update(eligible)
            continue
        pot = _pot_name(k, len(pots))
        for j, share in _split(amount - take, winners, rules.odd_chip_unit).items():
            awards.append((names[j], j, share, pot, 0))
    w.award_rake = taken  # at most the pot: a claimed rake above it is check_rake's rake.mismatch
    w.awards = awards
    w.award_winners = winners_of
    w.unsettled = unsettled

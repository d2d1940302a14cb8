"""Claim-vs-derived checks run after the walk: one small function each, listed once in ``CHECKS``.

Each check reads the room's claims (``Hand``), the walk and the settled hand (``Settlement``) and
returns what it found: violations, or an ``Undetermined`` when hidden cards make it undecidable (never
a silent pass). A check writes nothing, so the checks run in any order and each can be read, run and
tested alone. Adding a check = one function + one entry in ``CHECKS`` (STYLE B4). The showdown checks
(winners, splits, labels) are in ``checks_showdown.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import tuple_api as _tuple_api
from .cards import format_cards
from .checks_base import Found, money_text, violation
from .checks_showdown import check_labels, check_showdown, check_summary
from .record import Hand, Uncalled
from .rules import Rules
from .settlement import Settlement
from .table import DONE
from .violations import Undetermined

if TYPE_CHECKING:
    from .walk import Walk

END = 1 << 30


# ---- money ---------------------------------------------------------------------------------------


def check_uncalled(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """Every uncalled bet the rules return is claimed, with the right amount, and nothing else is."""
    out: Found = []
    if not w.uncalled and (not rules.writes_uncalled or not s.returned):  # nothing derived or claimed
        return out
    written = s.returned if not w.dead or rules.dead_hand_returns_written else ()
    if _claimed_as_derived(w, written, w.uncalled):  # each claimed as derived, in order (usual)
        lines = w.return_lines
        first = hand.source.line  # (a claim on the hand's first line has no place of its own: PHH's ``_uncalled``)
        if rules.writes_uncalled:
            for k, u in enumerate(w.uncalled):  # ... and written after the action that left the bet uncalled
                if k < len(lines) and first < u.line < lines[k]:
                    out.append(violation(hand, "uncalled.mismatch", u.line, f"the return after line {lines[k]}",
                                         f"{money_text(hand, u.amount)} returned to {u.player} before it"))
        return out
    return _uncalled_mismatches(hand, w, [(w.names[j], amount) for j, amount in written])


def _claimed_as_derived(w: Walk, written: list | tuple, uncalled: list[Uncalled]) -> bool:
    """Whether the uncalled-bet lines claim the ``written`` returns, in order: ``[(w.names[j], amount) for j, amount
    in written] == [(u.player, u.amount) for u in uncalled]`` (the same comparisons), without the lists."""
    if len(written) != len(uncalled):
        return False
    names = w.names
    for k in range(len(uncalled)):
        j, amount = written[k]
        u = uncalled[k]
        name = names[j]
        if not (name is u.player or name == u.player) or not (amount is u.amount or amount == u.amount):
            return False
    return True


def _uncalled_mismatches(hand: Hand, w: Walk, derived: list[tuple[str, int]]) -> Found:
    """``check_uncalled``'s violations where the claimed returns differ from the ``derived`` ones (a function
    of its own: its generator expressions keep it a Python function once compiled, ``check_uncalled`` a C one)."""
    out: Found = []
    claimed = [(u.player, u.amount, u.line) for u in w.uncalled]
    unmatched = list(claimed)
    for k, (player, amount) in enumerate(derived):
        hit = next((c for c in unmatched if c[0] == player and c[1] == amount), None)
        if hit is not None:
            unmatched.remove(hit)
            continue
        other = next((c for c in unmatched if c[0] == player), None)
        line = w.return_lines[k] if k < len(w.return_lines) else hand.claims.line
        if other is not None:
            unmatched.remove(other)
            out.append(violation(hand, "uncalled.mismatch", other[2], f"{money_text(hand, amount)} returned to {player}",
                          f"{money_text(hand, other[1])} returned"))
        else:
            out.append(violation(hand, "uncalled.mismatch", line, f"{money_text(hand, amount)} returned to {player}",
                          "no uncalled-bet line"))
    for player, amount, line in unmatched:
        out.append(violation(hand, "uncalled.mismatch", line, "no uncalled bet",
                      f"{money_text(hand, amount)} returned to {player}"))
    return out


def check_pots(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """The room's total pot equals everything put in (after returns); its main/side pots match."""
    out: Found = []
    claims = hand.claims
    total = w.table.pot_total  # (``Table.pot``, read as the C struct member)
    if rules.total_pot_is_collected:  # the pot less the rake, plus the uncalled chips the winners collected
        folded = 0 if rules.writes_uncalled or not rules.uncalled_in_collected else \
            sum([amount for j, amount in s.returned if s.collected[j] > 0])
        total += folded - (claims.rake or 0)
    if claims.total_pot is not None and claims.total_pot != total:
        out.append(violation(hand, "pot.total_mismatch", claims.line, money_text(hand, total), money_text(hand, claims.total_pot)))
    derived = [pot.amount for pot in s.pots]
    if claims.main_pot is None and not claims.side_pots:
        if len(derived) > 1 and claims.total_pot is not None:
            out.append(violation(hand, "pot.side_mismatch", claims.line,
                          f"main pot and {len(derived) - 1} side pot(s): "
                          + ", ".join([money_text(hand, a) for a in derived]), "one pot"))
        return out
    claimed = [claims.main_pot or 0, *claims.side_pots]
    text = ", ".join([money_text(hand, a) for a in derived])
    found = ", ".join([money_text(hand, a) for a in claimed])
    if len(claimed) != len(derived):
        out.append(violation(hand, "pot.side_mismatch", claims.line, text, found))
        return out
    rake = claims.rake if claims.rake is not None else 0
    if rules.side_pot_claims_net_of_rake:
        bad = any([c > d or d - c > rake for c, d in zip(claimed, derived)]) or sum(derived) - sum(claimed) != rake
    else:
        bad = claimed != derived
    if bad:
        out.append(violation(hand, "pot.side_mismatch", claims.line,
                      text + (" (each less its share of the rake)" if rules.side_pot_claims_net_of_rake else ""), found))
    return out


def check_rake(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """Rake = what was put in minus everything collected; compare with the claim and the room's rules.
    With derived awards the rake is what the room claims (none claimed: 0), taken before the award."""
    out: Found = []
    claims = hand.claims
    pot = w.table.pot_total  # (``Table.pot``, read as the C struct member)
    rake = s.rake
    collected = pot - rake
    if claims.rake is not None and claims.rake != rake:
        out.append(violation(hand, "rake.mismatch", claims.line, f"{money_text(hand, rake)} (pot {money_text(hand, pot)}"
                      f" - collected {money_text(hand, collected)})", money_text(hand, claims.rake)))
    elif claims.rake is None and rake < 0:
        out.append(violation(hand, "rake.mismatch", claims.line, f"at most the pot {money_text(hand, pot)} collected",
                      f"{money_text(hand, collected)} collected"))
    taken = claims.rake if claims.rake is not None else rake
    if taken > 0:
        if hand.is_tournament and not rules.rake_in_tournaments:
            out.append(violation(hand, "rake.unexpected", claims.line, "no rake in a tournament", money_text(hand, taken)))
        elif rules.no_draw_no_drop and w.table.phase == DONE and w.table.ended_street == 0:
            out.append(violation(hand, "rake.unexpected", claims.line, "no rake when the hand ends before the draw",
                          money_text(hand, taken)))
        elif rules.rake_cap is not None and taken > rules.rake_cap:
            out.append(violation(hand, "rake.unexpected", claims.line, f"at most {money_text(hand, rules.rake_cap)}",
                          money_text(hand, taken)))
    return out


def check_money(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """Money is conserved: what the pots paid to players in the hand plus the rake is everything put in
    (the nets plus the rake sum to zero). Undetermined when a derived pot has no known winner."""
    if s.awards_derived and any([pot.winners is None for pot in s.pots]):
        return [Undetermined("money.not_conserved")]
    paid = 0
    for payout in s.payouts:
        if _tuple_api.item(payout, _P_INDEX) is not None:  # paid to a player in the hand
            paid += _tuple_api.item(payout, _P_AMOUNT)
    pot = w.table.pot_total  # (``Table.pot``, read as the C struct member)
    if paid + s.rake == pot:
        return []
    return [violation(hand, "money.not_conserved", hand.claims.line,
               f"{money_text(hand, pot)} put in = paid out + rake",
               f"{money_text(hand, paid)} paid to players in the hand + {money_text(hand, s.rake)} rake")]


# ---- cards ---------------------------------------------------------------------------------------


def check_shown_cards(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """Shown (or revealed mucked) cards equal what the log already gave that player before the showdown
    (the settlement fills holdings in from them; this compares with the walk's own)."""
    out: Found = []
    for j, cards, line in s.revealed:
        reached = 3  # draws taken: ``3 - w.drawn[j].count(None)``, counted on a C integer
        for count in w.drawn[j]:
            if count is None:
                reached -= 1
        final = w.stages[j][reached]
        if final is not None and not _same_cards(final, cards):
            out.append(violation(hand, "showdown.shown_not_held", line, format_cards(final), format_cards(cards)))
    return out


def _same_cards(a: tuple, b: tuple) -> bool:
    """``sorted(a) == sorted(b)``: where each is distinct cards 0..51 (the usual), their card masks compared instead
    (equal masks: the same set of distinct cards, so the same sorted list)."""
    mask_a = _mask(a, 0)
    if mask_a >= 0:
        mask_b = _mask(b, 0)
        if mask_b >= 0:
            return mask_a == mask_b
    return sorted(a) == sorted(b)


def _exhaustions(w: Walk, rules: Rules) -> list[int]:
    """Draw slots (indices into ``walk.draw_slots``) at which the stub ran out and was reshuffled."""
    stub = rules.deck_size - w.table.hand_size * w.table.n
    pending = 0
    out: list[int] = []
    for slot, (_draw, _j, count) in enumerate(w.draw_slots):
        if count > stub:
            if not rules.reshuffle_excludes_own_discards:
                pending += count
                stub += pending
                pending = 0
                out.append(slot)
                stub -= count
                continue
            stub += pending
            pending = 0
            out.append(slot)
        stub -= count
        pending += count
    return out


# A ``Payout``'s fields by their place (``player``, ``index``, ``amount``, ``pot``, ``line``), read with ``_tuple_api.item``:
# compiled, a C read of the tuple's item where a field's name went through its class's descriptor (~150 instructions,
# callgrind; ~12 a hand in the settlement and the checks). The same places as settlement.py's.
_P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE = 0, 1, 2, 3, 4


_NOT_NAMED = (None, None, None)


def check_card_identity(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """No card is held twice at once, and a card seen again after a discard could only come back
    through a reshuffle (possible once the stub is exhausted, counting every card dealt). Reads the
    holdings the revealed cards completed (``Settlement.holdings``)."""
    if _held_apart(s.holdings, w.new_cards, w.discards, w.table.n):
        return []  # (most hands) every known card has at most one holding: no card can be held twice
    return _card_identity(hand, w, s, rules)


def _card_identity(hand: Hand, w: Walk, s: Settlement, rules: Rules) -> Found:
    """``check_card_identity`` in full: every known card's holdings (player, when received, when thrown), then
    whether each card held twice could have come back through a reshuffle."""
    out: Found = []
    # draw slot by player and draw (0-based, below 3: Walk.on_draw records only draws the game has), keyed
    # j * 4 + draw: an int built and hashed where a (j, draw) tuple was
    slot_of = {j * 4 + draw - 1: slot for slot, (draw, j, _count) in enumerate(w.draw_slots)}
    show_lines = {j: line for j, _cards, line in s.revealed}
    holds: dict[int, list[tuple[int, int | None, int, int]]] = {}  # card -> (player, recv, release, line)
    holdings, new_cards, discards_of = s.holdings, w.new_cards, w.discards
    n = w.table.n
    for j in range(n):
        stages = holdings[j]
        received = new_cards.get(j)
        if stages[0] is None and stages[4] is None and received is None:
            continue  # no card of this player known (most folders): nothing held to compare
        discards = discards_of.get(j, _NOT_NAMED)
        received = received or _NOT_NAMED
        known_from: dict[int, int | None] = {}
        if stages[0] is not None:
            for c in stages[0]:
                known_from[c] = -1
        for k in range(3):
            # A draw throws first and receives after, so a card thrown and dealt back in the same draw
            # is two holdings (the second one needs a reshuffle).
            thrown = discards[k]
            if thrown is None and stages[k] is not None and stages[k + 1] is not None:
                thrown = tuple([c for c in stages[k] if c not in stages[k + 1]])
            if thrown:
                for c in thrown:
                    if c in known_from:
                        holds.setdefault(c, []).append((j, known_from.pop(c), slot_of.get(j * 4 + k, END), 0))
            new = received[k]
            if new is not None:
                for c in new:
                    known_from.setdefault(c, slot_of.get(j * 4 + k, END))
        final = stages[4]
        line = show_lines.get(j, 0)
        for c, recv in known_from.items():
            holds.setdefault(c, []).append((j, recv, END, line))
        if final is not None:
            for c in final:
                if c not in known_from:
                    holds.setdefault(c, []).append((j, None, END, line))
    shared = [(card, items) for card, items in holds.items() if len(items) > 1]
    if not shared:
        return out
    exhaust = _exhaustions(w, rules)
    player_slots: dict[int, list[int]] = {}  # the draw slots at which each player received cards
    for slot, (_draw, j, count) in enumerate(w.draw_slots):
        if count > 0:
            player_slots.setdefault(j, []).append(slot)
    for card, items in shared:
        items.sort(key=_received_at)
        for a in range(len(items)):
            for b in range(a + 1, len(items)):
                own = not rules.reshuffle_excludes_own_discards
                if not _can_follow(items[a], items[b], exhaust, player_slots, own) and \
                        not _can_follow(items[b], items[a], exhaust, player_slots, own):
                    line = items[b][3] or items[a][3]
                    out.append(violation(hand, "cards.duplicate", line, "each card dealt once (no reshuffle possible)",
                                  f"{format_cards([card])} held by {w.names[items[a][0]]} and {w.names[items[b][0]]}"))
                    break
            else:
                continue
            break
    return out


def _mask(cards: tuple[int, ...] | None, into: int) -> int:
    """``into`` with the bits of ``cards`` (cards 0..51) added; -1 for a card out of range or named twice."""
    if cards is None or into < 0:
        return into
    mask = 0
    one = 1  # typed like the mask once compiled: shifted up to bit 51 (a plain 1 would be a 32-bit C int)
    for card in cards:
        if card is None:
            return -1
        c = card
        if c < 0 or c >= 52 or mask >> c & one:
            return -1
        mask |= one << c
    return into | mask


def _held_apart(holdings: tuple, new_cards: dict, discards_of: dict, n: int) -> bool:
    """Whether ``check_card_identity`` would find each card in at most one holding, judged cheaply with card
    masks (no holding built): no card among one player's known cards (dealt, received, shown) is another's,
    none thrown comes back (received at that draw or a later one, or shown), none is named twice in one list.
    ``False`` means look closer (the full check decides), so a card outside 0..51 answers ``False``."""
    seen = 0
    for j in range(n):
        stages = holdings[j]
        # (an empty dict, the usual one, is not looked up: compiled, no int made and hashed a player)
        received = new_cards.get(j) if new_cards else None
        if stages[0] is None and stages[4] is None and received is None:
            continue  # nothing of this player's known: no holding (as the full check skips them)
        known = _mask(stages[0], 0)
        if known < 0:
            return False
        received = received or _NOT_NAMED
        discards = discards_of.get(j, _NOT_NAMED) if discards_of else _NOT_NAMED
        gone = 0  # cards thrown so far (a draw throws first, then receives)
        for k in range(3):
            if discards[k] is not None:
                gone = _mask(discards[k], gone)
            elif stages[k] is not None and stages[k + 1] is not None:
                before, after = _mask(stages[k], 0), _mask(stages[k + 1], 0)
                gone = -1 if before < 0 or after < 0 else gone | (before & ~after)
            new = _mask(received[k], 0)
            if gone < 0 or new < 0 or new & gone:
                return False
            known |= new
        shown = _mask(stages[4], 0)
        if shown < 0 or shown & gone:
            return False
        known |= shown
        if known & seen:
            return False
        seen |= known
    return True


def _received_at(held: tuple[int, int | None, int, int]) -> int:
    """When a holding's card was received: its draw slot (-1 dealt); an unknown time sorts last but one."""
    return held[1] if held[1] is not None else END - 1


def _can_follow(first: tuple[int, int | None, int, int], second: tuple[int, int | None, int, int],
                exhaust: list[int], player_slots: dict[int, list[int]], own_go_back: bool) -> bool:
    """Could ``second`` have received the card after ``first`` threw it, through a reshuffle? With
    ``own_go_back`` the reshuffle may include the discards of the very draw that ran the stub out."""
    released = first[2]
    if released >= END:
        return False
    receipts = [second[1]] if second[1] is not None else player_slots.get(second[0], [])
    for r in receipts:
        if r is None or r < 0:
            continue
        for e in exhaust:
            if (released < e or (own_go_back and released == e)) and e <= r:
                return True
    return False


ClaimCheck = Callable[[Hand, "Walk", Settlement, Rules], Found]

CHECKS: tuple[ClaimCheck, ...] = (
    check_uncalled,
    check_pots,
    check_rake,
    check_shown_cards,
    check_card_identity,
    check_showdown,
    check_labels,
    check_summary,
    check_money,
)
"""The claim-vs-derived checks. Each only reads the walk and the settlement, so any order finds the same;
this one is the order their violations are listed in."""

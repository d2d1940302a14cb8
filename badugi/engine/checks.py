"""Claim-vs-derived checks run after the walk: one small function each, listed once in ``CHECKS``.

Each check reads the room's claims (``Hand``) and the walk's derivation and returns violations; a
check that hidden cards make undecidable appends its name to ``walk.undetermined`` instead of
passing silently. Adding a check = one function + one entry in ``CHECKS`` (STYLE B4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import Card, format_cards
from .evaluator import class_of, parse_label, value_of_class
from .record import Hand
from .replay_model import PotResult
from .rules import Rules
from .table import DONE, SHOWDOWN
from .violations import CODES, Violation

if TYPE_CHECKING:
    from .replay import Walk

END = 1 << 30


def _v(hand: Hand, code: str, line: int, expected: str, found: str, message: str | None = None) -> Violation:
    text = message or f"{CODES.get(code, code)}: expected {expected}, found {found}"
    return Violation(code, hand.hand_id, hand.source.file, line or hand.source.line, expected, found, text)


def _money(hand: Hand, amount: int | None) -> str:
    if amount is None:
        return "none"
    if hand.minor_per_major == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}"


# ---- money ---------------------------------------------------------------------------------------


def check_uncalled(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """Every uncalled bet the rules return is claimed, with the right amount, and nothing else is."""
    out: list[Violation] = []
    if not w.uncalled and (not rules.writes_uncalled or not w.table.returned):  # nothing derived or claimed
        return out
    derived = [(w.names[j], amount) for j, amount in w.table.returned]
    if derived == [(u.player, u.amount) for u in w.uncalled]:  # each claimed as derived, in order (usual)
        return out
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
            out.append(_v(hand, "uncalled.mismatch", other[2], f"{_money(hand, amount)} returned to {player}",
                          f"{_money(hand, other[1])} returned"))
        else:
            out.append(_v(hand, "uncalled.mismatch", line, f"{_money(hand, amount)} returned to {player}",
                          "no uncalled-bet line"))
    for player, amount, line in unmatched:
        out.append(_v(hand, "uncalled.mismatch", line, "no uncalled bet",
                      f"{_money(hand, amount)} returned to {player}"))
    return out


def check_pots(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """The room's total pot equals everything put in (after returns); its main/side pots match."""
    out: list[Violation] = []
    claims = hand.claims
    total = w.table.pot
    if claims.total_pot is not None and claims.total_pot != total:
        out.append(_v(hand, "pot.total_mismatch", claims.line, _money(hand, total), _money(hand, claims.total_pot)))
    pots = w.pots
    if claims.main_pot is None and not claims.side_pots:
        if len(pots) > 1 and claims.total_pot is not None:
            out.append(_v(hand, "pot.side_mismatch", claims.line,
                          f"main pot and {len(pots) - 1} side pot(s): "
                          + ", ".join(_money(hand, a) for a, _ in pots), "one pot"))
        return out
    claimed = [claims.main_pot or 0, *claims.side_pots]
    derived = [a for a, _ in pots]
    text = ", ".join(_money(hand, a) for a in derived)
    found = ", ".join(_money(hand, a) for a in claimed)
    if len(claimed) != len(derived):
        out.append(_v(hand, "pot.side_mismatch", claims.line, text, found))
        return out
    rake = claims.rake if claims.rake is not None else 0
    if rules.side_pot_claims_net_of_rake:
        bad = any(c > d or d - c > rake for c, d in zip(claimed, derived)) or sum(derived) - sum(claimed) != rake
    else:
        bad = claimed != derived
    if bad:
        out.append(_v(hand, "pot.side_mismatch", claims.line,
                      text + (" (each less its share of the rake)" if rules.side_pot_claims_net_of_rake else ""), found))
    return out


def check_rake(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """Rake = what was put in minus everything collected; compare with the claim and the room's rules.
    With derived awards the rake is what the room claims (none claimed: 0), taken before the award."""
    out: list[Violation] = []
    claims = hand.claims
    if w.awards_derived:
        rake = w.award_rake
        collected = w.table.pot - rake
        w.rake = rake
    else:
        if not w.collects and not claims.summary and claims.total_pot is None:
            return out
        collected = sum([p[2] for p in w.paid])
        rake = w.table.pot - collected
        w.rake = rake
    if claims.rake is not None and claims.rake != rake:
        out.append(_v(hand, "rake.mismatch", claims.line, f"{_money(hand, rake)} (pot {_money(hand, w.table.pot)}"
                      f" - collected {_money(hand, collected)})", _money(hand, claims.rake)))
    elif claims.rake is None and rake < 0:
        out.append(_v(hand, "rake.mismatch", claims.line, f"at most the pot {_money(hand, w.table.pot)} collected",
                      f"{_money(hand, collected)} collected"))
    taken = claims.rake if claims.rake is not None else rake
    if taken > 0:
        if hand.is_tournament and not rules.rake_in_tournaments:
            out.append(_v(hand, "rake.unexpected", claims.line, "no rake in a tournament", _money(hand, taken)))
        elif rules.no_draw_no_drop and w.table.phase == DONE and w.table.ended_street == 0:
            out.append(_v(hand, "rake.unexpected", claims.line, "no rake when the hand ends before the draw",
                          _money(hand, taken)))
        elif rules.rake_cap is not None and taken > rules.rake_cap:
            out.append(_v(hand, "rake.unexpected", claims.line, f"at most {_money(hand, rules.rake_cap)}",
                          _money(hand, taken)))
    return out


# ---- showdown ------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _pot_index(name: str) -> int:
    """``pot``/``main`` -> 0, ``side`` -> 1, ``side-N`` -> N."""
    name = name.lower().replace(" ", "-")
    if name in ("pot", "main", "main-pot"):
        return 0
    if name.startswith("side"):
        tail = name.rsplit("-", 1)[-1]
        return int(tail) if tail.isdigit() else 1
    return 0


def _split(amount: int, winners: list[int], unit: int) -> dict[int, int]:
    """Equal shares in units of ``unit``; odd units one each to the first winners left of the button
    (``winners`` are table indices, which run clockwise from left of the button)."""
    ordered = sorted(winners)
    chips, rest = divmod(amount, unit)
    share, odd = divmod(chips, len(ordered))
    out = {j: share * unit for j in ordered}
    for j in ordered[:odd]:
        out[j] += unit
    if ordered:
        out[ordered[0]] += rest
    return out


def check_showdown(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """Winner of each pot by the evaluator, the split of a tie and where its odd chip went."""
    out: list[Violation] = []
    t = w.table
    if t.phase not in (SHOWDOWN, DONE) or hand.partial:
        return out
    pots = w.pots
    by_pot: dict[int, list[tuple[int, int, int]]] = {}
    for player, j, amount, pot, line in w.paid:
        if j is None:
            out.append(_v(hand, "showdown.wrong_winner", line, "a player in the hand", player))
            continue
        by_pot.setdefault(_pot_index(pot), []).append((j, amount, line))
    if len(pots) == 1 and len(by_pot) > 1:
        merged = [x for k in sorted(by_pot) for x in by_pot[k]]
        by_pot = {0: merged}
    for k in sorted(by_pot):
        if k >= len(pots):
            out.append(_v(hand, "pot.side_mismatch", by_pot[k][0][2], f"{len(pots)} pot(s)",
                          f"a collection from pot #{k + 1}"))
    results: list[PotResult] = []
    name_of = w.names.__getitem__
    derived = w.awards_derived
    for k, (amount, eligible) in enumerate(pots):
        claimed = by_pot.get(k, [])
        if derived:  # no claims: the pot's result is the rules' award
            winners = w.award_winners[k]
            paid = tuple([(player, a) for player, _j, a, pot, _line in w.awards if _pot_index(pot) == k])
        else:
            winners = _winners(w, eligible)
            paid = tuple([(name_of(j), a) for j, a, _ in claimed])
        results.append(PotResult(amount, tuple(map(name_of, eligible)),
                                 None if winners is None else tuple(map(name_of, winners)), paid))
        if not claimed:
            if amount > 0 and (w.collects or hand.claims.summary):
                line = hand.claims.line
                out.append(_v(hand, "showdown.no_winner", line, f"a collector of {_money(hand, amount)}", "none"))
            continue
        line = claimed[0][2]
        if winners is None:
            w.undetermined.append("showdown.wrong_winner")
            continue
        names = {j for j, _, _ in claimed}
        if names != set(winners):
            out.append(_v(hand, "showdown.wrong_winner", line, " & ".join(w.names[j] for j in winners),
                          " & ".join(w.names[j] for j in sorted(names))))
            continue
        if len(winners) > 1:
            got = {j: 0 for j in winners}
            for j, a, _ in claimed:
                got[j] += a
            expected = _split(sum(got.values()), winners, rules.odd_chip_unit)
            if expected != got:
                code = "showdown.odd_chip" if sorted(expected.values()) == sorted(got.values()) else "showdown.wrong_split"
                out.append(_v(hand, code, line, ", ".join(f"{w.names[j]} {_money(hand, a)}" for j, a in expected.items()),
                              ", ".join(f"{w.names[j]} {_money(hand, a)}" for j, a in got.items())))
    w.pot_results = tuple(results)
    return out


def _winners(w: Walk, eligible: list[int]) -> list[int] | None:
    """The best shown hands among the eligible players; ``None`` when hidden cards leave it open."""
    if len(eligible) == 1:
        return list(eligible)
    contenders = [j for j in eligible if j in w.shows]
    if not contenders:
        return None
    best = None
    winners: list[int] = []
    for j in contenders:
        try:
            cls = _class_of(tuple(w.shows[j].cards))
        except ValueError:
            return None
        if best is None or cls < best:
            best, winners = cls, [j]
        elif cls == best:
            winners.append(j)
    return winners


def check_money(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """Money is conserved: what the pots paid to players in the hand plus the rake is everything put in
    (the nets plus the rake sum to zero). Undetermined when a derived pot has no known winner."""
    if w.awards_derived:
        if None in w.award_winners:
            w.undetermined.append("money.not_conserved")
            return []
        rows = w.awards
    else:
        rows = w.paid
    paid = 0
    for _player, j, amount, _pot, _line in rows:
        if j is not None:
            paid += amount
    rake = w.rake or 0
    pot = w.table.pot
    if paid + rake == pot:
        return []
    return [_v(hand, "money.not_conserved", hand.claims.line,
               f"{_money(hand, pot)} put in = paid out + rake",
               f"{_money(hand, paid)} paid to players in the hand + {_money(hand, rake)} rake")]


def check_labels(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """The room's hand label of every shown hand equals the evaluator's."""
    out: list[Violation] = []
    items = [(s.cards, s.label, s.line) for s in w.shows.values()]
    seen = {(frozenset(c), t) for c, t, _ in items}
    items += [(s.cards, s.label, s.line) for s in hand.claims.summary
              if s.cards and s.label and (frozenset(s.cards), s.label) not in seen]
    for cards, text, line in items:
        if not text:
            continue
        try:
            size, ranks = value_of_class(_class_of(tuple(cards)))
        except ValueError:
            continue
        try:
            claimed = _parse_label(text)
        except ValueError:
            out.append(_v(hand, "showdown.label_mismatch", line, _label_text(size, ranks), text))
            continue
        if claimed != (size, ranks):
            out.append(_v(hand, "showdown.label_mismatch", line, _label_text(size, ranks), text))
    return out


@lru_cache(maxsize=1024)
def _class_of(cards: tuple[Card, ...]) -> int:
    """``class_of`` memoised: the winner and the label checks evaluate the same shown hands."""
    return class_of(cards)


@lru_cache(maxsize=4096)
def _parse_label(text: str) -> tuple[int, tuple[int, ...]]:
    """``parse_label`` memoised: the same few hundred labels recur in every history."""
    return parse_label(text)


def _label_text(size: int, ranks: tuple[int, ...]) -> str:
    from .cards import RANKS

    head = "Badugi" if size == 4 else f"{size}-card"
    return f"{head}: {','.join(RANKS[r] for r in ranks)}"


# ---- cards ---------------------------------------------------------------------------------------


def check_shown_cards(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """Shown (or revealed mucked) cards equal what the log already gave that player; then fill in
    holdings the shown cards prove (a player who stood pat held the same cards before)."""
    out: list[Violation] = []
    revealed: dict[int, tuple[tuple[Card, ...], int]] = {}
    for j, show in w.shows.items():
        if show.cards:  # a show face down (PHH ``sm ????``) reveals nothing
            revealed[j] = (show.cards, show.line)
    for j, muck in w.mucks.items():
        if muck.cards and j not in revealed:
            revealed[j] = (muck.cards, muck.line)
    for s in hand.claims.summary:
        if s.cards:
            j = w.table.index_of.get(s.player)
            if j is not None and j not in revealed:
                revealed[j] = (s.cards, s.line)
    for j, (cards, line) in revealed.items():
        stages = w.stages[j]
        reached = 3 - w.drawn[j].count(None)  # draws taken
        final = stages[reached]
        if final is not None and sorted(final) != sorted(cards):
            out.append(_v(hand, "showdown.shown_not_held", line, format_cards(final), format_cards(cards)))
        if stages[4] is None:
            stages[4] = tuple(cards)
        if stages[reached] is None:
            stages[reached] = tuple(cards)
        for k in range(reached - 1, -1, -1):  # stood pat at draw k+1: same cards before it
            if stages[k] is None and w.drawn[j][k] == 0 and stages[k + 1] is not None:
                stages[k] = stages[k + 1]
        w.show_lines[j] = line
    return out


def _exhaustions(w: Walk, rules: Rules) -> list[int]:
    """Draw slots (indices into ``walk.draw_slots``) at which the stub ran out and was reshuffled."""
    stub = rules.deck_size - rules.hand_size * w.table.n
    pending = 0
    out: list[int] = []
    for s, (_draw, _j, count) in enumerate(w.draw_slots):
        if count > stub:
            if not rules.reshuffle_excludes_own_discards:
                pending += count
                stub += pending
                pending = 0
                out.append(s)
                stub -= count
                continue
            stub += pending
            pending = 0
            out.append(s)
        stub -= count
        pending += count
    return out


_NOT_NAMED = (None, None, None)


def check_card_identity(hand: Hand, w: Walk, rules: Rules) -> list[Violation]:
    """No card is held twice at once, and a card seen again after a discard could only come back
    through a reshuffle (possible once the stub is exhausted, counting every card dealt)."""
    out: list[Violation] = []
    slot_of: dict[tuple[int, int], int] = {}
    player_slots: dict[int, list[int]] = {}
    for s, (draw, j, count) in enumerate(w.draw_slots):
        slot_of[(j, draw - 1)] = s
        if count > 0:
            player_slots.setdefault(j, []).append(s)
    holds: dict[int, list[tuple[int, int | None, int, int]]] = {}  # card -> (player, recv, release, line)
    for j in range(w.table.n):
        stages = w.stages[j]
        received = w.new_cards.get(j)
        if stages[0] is None and stages[4] is None and received is None:
            continue  # no card of this player known (most folders): nothing held to compare
        discards = w.discards.get(j, _NOT_NAMED)
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
                thrown = tuple(c for c in stages[k] if c not in stages[k + 1])
            if thrown:
                for c in thrown:
                    if c in known_from:
                        holds.setdefault(c, []).append((j, known_from.pop(c), slot_of.get((j, k), END), 0))
            new = received[k]
            if new is not None:
                for c in new:
                    known_from.setdefault(c, slot_of.get((j, k), END))
        final = stages[4]
        line = w.show_lines.get(j, 0)
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
    for card, items in shared:
        items.sort(key=lambda h: (h[1] if h[1] is not None else END - 1))
        for a in range(len(items)):
            for b in range(a + 1, len(items)):
                own = not rules.reshuffle_excludes_own_discards
                if not _can_follow(items[a], items[b], exhaust, player_slots, own) and \
                        not _can_follow(items[b], items[a], exhaust, player_slots, own):
                    line = items[b][3] or items[a][3]
                    out.append(_v(hand, "cards.duplicate", line, "each card dealt once (no reshuffle possible)",
                                  f"{format_cards([card])} held by {w.names[items[a][0]]} and {w.names[items[b][0]]}"))
                    break
            else:
                continue
            break
    return out


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


Check = Callable[[Hand, "Walk", Rules], list[Violation]]

CHECKS: tuple[Check, ...] = (
    check_uncalled,
    check_pots,
    check_rake,
    check_shown_cards,
    check_card_identity,
    check_showdown,
    check_labels,
    check_money,
)
"""The claim-vs-derived checks, in order (``check_shown_cards`` fills holdings the later ones use)."""

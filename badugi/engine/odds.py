"""Draw odds: how often a Badugi draw gets there, and what it makes, with 1 to 3 draws left.

The model (it reproduces DESIGN §7: a ten-out one-card draw makes a badugi 20.8 % / 37.7 % / 51.2 %
of the time with one / two / three draws, from 48 / 47 / 46 unseen cards):

* The player knows their own four cards, the cards they discard and any dead cards given; every
  other card (the stub, the opponents' hands and discards) is *unseen* and equally likely to come.
  Cards the player receives are seen from then on, so each draw shrinks the unseen pool (48, 47, 46
  for a one-card draw), and nothing is reshuffled.
* The player keeps drawing to the same hand: after each draw they keep their kept cards plus the
  best set of new cards that extends them (most cards, then lowest; a new card counts only with a
  rank and a suit that the kept cards do not have), discard every other new card, and stand pat as
  soon as they hold a badugi.
* What the hand makes is the evaluator's value of the four cards held after the last draw.

One- and two-card draws are computed exactly for any number of draws, three-card draws with up to two
draws left, and any draw with one draw left (the 6.34 % chance of being dealt a badugi is a four-card
draw from 52). Deeper draws (a three-card draw with three draws left takes ~12 s exactly, a four-card
draw with two ~40 s) use Monte Carlo with a stated seed and the standard error of the badugi
probability by default; ``method="exact"`` forces the slow exact sum. The exact method groups the unseen cards that can never join the kept cards ("bricks"):
the strategy treats them all alike, so only their number needs tracking until the last draw, where
each set of them is equally likely.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Literal

from badugi.engine.cards import DECK, Card, format_cards
from badugi.engine.evaluator import CLASS_COUNT, CLASS_RANKS, class_of, class_of_mask
from badugi.errors import BadInput

Method = Literal["auto", "exact", "monte-carlo"]
DEFAULT_SAMPLES = 100_000
DEFAULT_SEED = 1
MAX_DRAWS = 3

_BITS = tuple(1 << c for c in range(52))


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """What a draw makes. Probabilities are of the hand held after the last draw."""

    kept: tuple[Card, ...]
    """Cards kept from the current hand."""
    draws: int
    """Draws left (1 to 3)."""
    cards_drawn: int
    """Cards drawn on the next draw (4 minus the kept cards)."""
    unseen: int
    """Cards the player has not seen before the next draw."""
    outs: int
    """Unseen cards with a rank and a suit the kept cards lack (for a one-card draw: the badugi outs)."""
    method: str
    """``exact`` or ``monte-carlo``."""
    distribution: tuple[tuple[int, float], ...]
    """(class, probability) of the final hand, best class first."""
    p_badugi_by_draw: tuple[float, ...]
    """Probability of holding a badugi after draw 1, 2, ... (the last entry is ``p_badugi``)."""
    samples: int | None = None
    """Monte Carlo trials (None when exact)."""
    seed: int | None = None
    """Monte Carlo seed (None when exact)."""
    stderr: float | None = None
    """Standard error of ``p_badugi`` (None when exact)."""

    @property
    def p_badugi(self) -> float:
        return self.p_badugi_by_draw[-1]

    def made(self) -> dict[int, float]:
        """Probability of ending with a 4-card (badugi), 3-, 2- and 1-card hand."""
        out = {4: 0.0, 3: 0.0, 2: 0.0, 1: 0.0}
        for cls, p in self.distribution:
            out[len(CLASS_RANKS[cls])] += p
        return out

    def by_high_card(self, size: int = 4) -> dict[int, float]:
        """Probability of ending with a ``size``-card hand topped by each rank (0 = ace .. 12 = king)."""
        out: dict[int, float] = {}
        for cls, p in self.distribution:
            ranks = CLASS_RANKS[cls]
            if len(ranks) == size:
                out[ranks[0]] = out.get(ranks[0], 0.0) + p
        return dict(sorted(out.items()))


def draw_odds(
    kept: Sequence[int],
    discarded: Iterable[int] = (),
    dead: Iterable[int] = (),
    draws: int = 1,
    *,
    method: Method = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> DrawOdds:
    """Odds of drawing to ``kept`` after throwing ``discarded``, with ``dead`` cards known out of play.

    ``kept`` must be a drawing hand (distinct ranks and suits); ``kept=()`` is a fresh deal when
    nothing else is known (``draws=1`` gives the chance of being dealt each hand).
    """
    kept_cards = tuple(Card(c) for c in kept)
    discarded_cards = tuple(Card(c) for c in discarded)
    dead_cards = tuple(Card(c) for c in dead)
    _check_distinct(kept_cards + discarded_cards + dead_cards)
    if not 1 <= draws <= MAX_DRAWS:
        raise BadInput(f"draws left must be 1 to {MAX_DRAWS}, got {draws}")
    if method not in ("auto", "exact", "monte-carlo"):
        raise BadInput(f"unknown method {method!r} (auto, exact or monte-carlo)")
    if len(kept_cards) > 4:
        raise BadInput(f"a Badugi hand keeps at most 4 cards, got {len(kept_cards)}")
    kept_mask = sum(_BITS[c] for c in kept_cards)
    drawn = 4 - len(kept_cards)
    if drawn == 0:
        return _standing_pat(kept_cards, draws)
    if kept_cards and not _is_drawing_hand(kept_mask):
        raise BadInput(
            f"kept cards {format_cards(kept_cards)} share a rank or a suit; the odds assume a drawing"
            " hand of distinct ranks and suits (discard the duplicate)"
        )
    seen = kept_mask | sum(_BITS[c] for c in discarded_cards + dead_cards)
    pool = tuple(c for c in DECK if not seen & _BITS[c])
    fitting = tuple(c for c in pool if _fits(kept_mask, c))
    if drawn * draws > len(pool) and drawn:
        raise BadInput(f"only {len(pool)} unseen cards left for {draws} draws of {drawn}")
    common = dict(kept=kept_cards, draws=draws, cards_drawn=drawn, unseen=len(pool), outs=len(fitting))
    if method == "exact" or (method == "auto" and _exact_is_quick(drawn, draws)):
        by_draw, distribution = _exact(kept_mask, fitting, pool, draws)
        return DrawOdds(method="exact", distribution=distribution, p_badugi_by_draw=by_draw, **common)
    if samples < 1:
        raise BadInput(f"Monte Carlo needs at least one sample, got {samples}")
    by_draw, distribution = _monte_carlo(kept_mask, pool, draws, samples, seed)
    p = by_draw[-1]
    stderr = math.sqrt(p * (1 - p) / samples)
    return DrawOdds(
        method="monte-carlo",
        distribution=distribution,
        p_badugi_by_draw=by_draw,
        samples=samples,
        seed=seed,
        stderr=stderr,
        **common,
    )


def _exact_is_quick(drawn: int, draws: int) -> bool:
    """Whether the exact sum takes well under a second (measured on one core)."""
    return drawn <= 2 or draws == 1 or (drawn == 3 and draws == 2)


def _standing_pat(hand: tuple[Card, ...], draws: int) -> DrawOdds:
    """Four cards kept: the hand is final whatever it is."""
    cls = class_of(hand)
    made = 1.0 if len(CLASS_RANKS[cls]) == 4 else 0.0
    return DrawOdds(
        kept=hand,
        draws=draws,
        cards_drawn=0,
        unseen=52 - 4,
        outs=0,
        method="exact",
        distribution=((cls, 1.0),),
        p_badugi_by_draw=(made,) * draws,
    )


def dealt_badugi_probability() -> float:
    """Chance that four cards dealt from a full deck are a badugi (DESIGN §7: 6.34 %)."""
    return draw_odds((), draws=1).p_badugi


# --- the strategy -------------------------------------------------------------------------------


def _check_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    repeated = [str(c) for c in cards if c in seen or seen.add(c)]
    if repeated:
        raise BadInput(f"card(s) given twice: {' '.join(dict.fromkeys(repeated))}")


def _fits(mask: int, card: int) -> bool:
    """Whether ``card`` has a rank and a suit that no card of ``mask`` has."""
    rank, suit = card >> 2, card & 3
    for other in range(52):
        if mask >> other & 1 and (other >> 2 == rank or other & 3 == suit):
            return False
    return True


def _is_drawing_hand(mask: int) -> bool:
    """Distinct ranks and suits: the counted cards are all the cards."""
    return len(CLASS_RANKS[class_of_mask(mask)]) == mask.bit_count()


def _keep(kept_mask: int, new_cards: Sequence[int]) -> int:
    """Kept cards after a draw: the kept cards plus the best subset of new cards that extends them."""
    new_mask = 0
    for c in new_cards:
        new_mask |= _BITS[c]
    return _keep_masks(kept_mask, new_mask)


@lru_cache(maxsize=1 << 20)
def _keep_masks(kept_mask: int, new_mask: int) -> int:
    """:func:`_keep` on card masks (memoised: the same draws recur across states and samples)."""
    new_cards = [c for c in range(52) if new_mask >> c & 1]
    best_mask, best_class = kept_mask, class_of_mask(kept_mask) if kept_mask else CLASS_COUNT + 1
    for size in range(len(new_cards), 0, -1):
        for subset in combinations(new_cards, size):
            mask = kept_mask
            for c in subset:
                mask |= _BITS[c]
            if _is_drawing_hand(mask):
                cls = class_of_mask(mask)
                if cls < best_class:
                    best_mask, best_class = mask, cls
    return best_mask


# --- exact --------------------------------------------------------------------------------------


def _exact(
    kept_mask: int, fitting: tuple[Card, ...], pool: tuple[Card, ...], draws: int
) -> tuple[tuple[float, ...], tuple[tuple[int, float], ...]]:
    """Exact final-hand distribution after each number of draws, up to ``draws``."""
    fitting_mask = sum(_BITS[c] for c in fitting)
    bricks = tuple(c for c in pool if not fitting_mask & _BITS[c])
    solver = _ExactSolver(bricks)
    by_draw = []
    final: dict[int, float] = {}
    for d in range(1, draws + 1):
        final = solver.distribution(kept_mask, fitting_mask, len(bricks), d)
        by_draw.append(sum(p for cls, p in final.items() if len(CLASS_RANKS[cls]) == 4))
    return tuple(by_draw), tuple(sorted((cls, p) for cls, p in final.items() if p > 0))


class _ExactSolver:
    """Recursion over draws on (kept cards, unseen fitting cards, number of unseen bricks)."""

    def __init__(self, bricks: tuple[Card, ...]) -> None:
        self.bricks = bricks
        self.memo: dict[tuple[int, int, int, int], dict[int, float]] = {}

    def distribution(self, kept_mask: int, fitting_mask: int, bricks_left: int, draws: int) -> dict[int, float]:
        key = (kept_mask, fitting_mask, bricks_left, draws)
        found = self.memo.get(key)
        if found is not None:
            return found
        n = 4 - kept_mask.bit_count()
        out: dict[int, float] = {}
        if n == 0:
            out[class_of_mask(kept_mask)] = 1.0
            self.memo[key] = out
            return out
        fitting = [c for c in range(52) if fitting_mask >> c & 1]
        total = math.comb(len(fitting) + bricks_left, n)
        for k in range(min(n, bricks_left) + 1):
            weight = math.comb(bricks_left, k) / total
            if weight == 0:
                continue
            for new in combinations(fitting, n - k):
                new_mask = 0
                for c in new:
                    new_mask |= _BITS[c]
                if draws == 1:
                    self._final(kept_mask | new_mask, k, weight, out)
                    continue
                after = _keep(kept_mask, new)
                if after.bit_count() == 4:
                    cls = class_of_mask(after)
                    out[cls] = out.get(cls, 0.0) + weight
                    continue
                sub = self.distribution(after, fitting_mask & ~new_mask, bricks_left - k, draws - 1)
                for cls, p in sub.items():
                    out[cls] = out.get(cls, 0.0) + weight * p
        self.memo[key] = out
        return out

    def _final(self, hand_mask: int, bricks_drawn: int, weight: float, out: dict[int, float]) -> None:
        """Add the last draw's hands: each set of ``bricks_drawn`` bricks is equally likely."""
        if bricks_drawn == 0:
            cls = class_of_mask(hand_mask)
            out[cls] = out.get(cls, 0.0) + weight
            return
        share = weight / math.comb(len(self.bricks), bricks_drawn)
        for chosen in combinations(self.bricks, bricks_drawn):
            mask = hand_mask
            for c in chosen:
                mask |= _BITS[c]
            cls = class_of_mask(mask)
            out[cls] = out.get(cls, 0.0) + share


# --- Monte Carlo --------------------------------------------------------------------------------


def _monte_carlo(
    kept_mask: int, pool: tuple[Card, ...], draws: int, samples: int, seed: int
) -> tuple[tuple[float, ...], tuple[tuple[int, float], ...]]:
    """The same strategy simulated ``samples`` times with ``random.Random(seed)``."""
    rng = random.Random(seed)
    cards = list(pool)
    made_by = [0] * (draws + 1)
    counts: dict[int, int] = {}
    first_n = 4 - kept_mask.bit_count()
    need = min(len(cards), first_n * draws)
    for _ in range(samples):
        stream = rng.sample(cards, need)
        kept = kept_mask
        position = 0
        for draw in range(1, draws + 1):
            n = 4 - kept.bit_count()
            new = stream[position : position + n]
            position += n
            if draw == draws:
                hand = kept
                for c in new:
                    hand |= _BITS[c]
                cls = class_of_mask(hand)
                if len(CLASS_RANKS[cls]) == 4:
                    made_by[draw] += 1
                break
            kept = _keep(kept, new)
            if kept.bit_count() == 4:
                cls = class_of_mask(kept)
                made_by[draw] += 1
                break
        counts[cls] = counts.get(cls, 0) + 1
    by_draw = []
    running = 0
    for draw in range(1, draws + 1):
        running += made_by[draw]
        by_draw.append(running / samples)
    return tuple(by_draw), tuple(sorted((cls, n / samples) for cls, n in counts.items()))

"""The simulator deals every game of the family: five cards (four in Badugi), one or three draws, each pot
half to its own ranking; every hand replays clean, as dealt and as the room shows it, and the replay's nets
and winners equal the simulator's truth (two independent derivations). The policies read five-card hands
by the game's low ranking (``policy_reading``), checked here on hand-worked hands and exact deal counts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from badugi.engine.cards import parse_cards
from badugi.engine.games import GAMES
from badugi.engine.lowball import ACE_FIVE, DEUCE_SEVEN, Category
from badugi.engine.policies import make_policy
from badugi.engine.policy_reading import low_cumulative, reading_of
from badugi.engine.record import Deal, Draw, Limit, Show
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view

MIXED = tuple(make_policy(spec) for spec in ("sound", "station", "maniac", "snow", "rock", "open:30"))
DRAW_GAMES = [name for name in GAMES if name != "badugi"]


@pytest.mark.parametrize("game", DRAW_GAMES)
@pytest.mark.parametrize("limit", [Limit.FIXED, Limit.NO_LIMIT])
def test_every_game_replays_clean_and_truths_agree(game: str, limit: Limit) -> None:
    shapes: Counter[str] = Counter()
    for players, room in ((2, "pokerstars"), (6, "fulltilt"), (8, "phh")):
        config = SimConfig(room=room, game=game, players=players, limit=limit, policies=MIXED, short_stack_share=0.5)
        for sim in Simulator(config, seed=players + len(game)).hands(40):
            hand = sim.hand
            assert hand.game == game
            assert all(len(e.cards) == 5 for e in hand.events if isinstance(e, Deal))
            assert {e.draw for e in hand.events if isinstance(e, Draw)} <= set(range(1, GAMES[game].draws + 1))
            result = replay(hand)
            assert result.codes == (), (hand.hand_id, result.violations)
            assert replay(room_view(hand)).codes == (), hand.hand_id
            assert dict(result.net) == sim.truth.net
            assert [tuple(p.winners or ()) for p in result.pots] == [winners for _, winners in sim.truth.pots]
            shapes["showdown"] += sim.truth.showdown
            shapes["reshuffled"] += bool(sim.truth.reshuffles)
            shapes["split"] += any(len(p.halves) == 2 and p.halves[0].winners != p.halves[1].winners
                                   for p in result.pots)
    assert shapes["showdown"] > 20
    if GAMES[game].is_split:
        assert shapes["split"] > 5  # pots whose halves different players won


def test_five_card_reshuffles_replay_clean() -> None:
    """Eight five-card hands leave a stub of 12: loose players run it out and the discards are reshuffled
    (PokerStars: never the drawer's own; Full Tilt: every discard)."""
    for room in ("pokerstars", "fulltilt"):
        config = SimConfig(room=room, game="27_triple_draw", players=8, policies=MIXED[:3])
        reshuffled = [s for s in Simulator(config, seed=5).hands(300) if s.truth.reshuffles]
        assert len(reshuffled) >= 3
        assert all(replay(s.hand).codes == () for s in reshuffled)


def test_a_five_card_table_seats_at_most_eight() -> None:
    with pytest.raises(ValueError, match="2-7 Triple Draw table seats 2 to 8"):
        Simulator(SimConfig(game="27_triple_draw", players=9), seed=1)
    with pytest.raises(ValueError, match="unknown game"):
        Simulator(SimConfig(game="razz"), seed=1)


def test_the_same_seed_deals_the_same_hands() -> None:
    config = SimConfig(room="phh", game="badeucey", players=5)
    assert [s.hand for s in Simulator(config, 9).hands(20)] == [s.hand for s in Simulator(config, 9).hands(20)]


def test_labels_are_the_games_words() -> None:
    """PokerStars' shown 2-7 hands carry ``Lo: ...`` labels of the evaluator; split games carry none."""
    td = [e for s in Simulator(SimConfig(game="27_triple_draw", policies=MIXED), 3).hands(60) for e in s.hand.events
          if isinstance(e, Show)]
    assert td and all(e.label == DEUCE_SEVEN.evaluate(e.cards).label("pokerstars") for e in td)
    assert all(e.label.startswith("Lo: ") for e in td)
    split = [e for s in Simulator(SimConfig(room="phh", game="badacey", policies=MIXED), 3).hands(60)
             for e in s.hand.events if isinstance(e, Show)]
    assert split and all(e.label is None for e in split)


# ---- what the policies read -----------------------------------------------------------------------

FIVE_CARD_DEALS = 2_598_960
NO_PAIR_27 = 1_302_540 + 1_020  # poker's "high card" hands, and A-2-3-4-5 off suit: no straight at 2-7
NO_PAIR_A5 = 1_317_888  # five different ranks, any suits: 1,287 x 1,024


@pytest.mark.parametrize("ranking,no_pair", [(DEUCE_SEVEN, NO_PAIR_27), (ACE_FIVE, NO_PAIR_A5)])
def test_low_strength_is_exact_over_all_deals(ranking, no_pair: int) -> None:
    """The cumulative share of deals by class: the best class is 1,020 (7-5-4-3-2 not one suit) or 1,024
    (5-4-3-2-A, any suits) hands, and every no-pair hand comes before the first pair."""
    cum = low_cumulative(ranking)
    assert len(cum) == ranking.class_count + 1 and cum[-1] == pytest.approx(1.0)
    assert cum[1] * FIVE_CARD_DEALS == pytest.approx(1020 if ranking is DEUCE_SEVEN else 1024)
    last_no_pair = max(c for c in range(1, ranking.class_count + 1) if ranking.categories[c] is Category.NO_PAIR)
    assert cum[last_no_pair] * FIVE_CARD_DEALS == pytest.approx(no_pair)
    if ranking is DEUCE_SEVEN:  # 9 straights (6-high .. ace-high); the 4 suited A-2-3-4-5 are flushes, no straight flush
        by_category = Counter()
        for c in range(1, ranking.class_count + 1):
            by_category[ranking.categories[c]] += round((cum[c] - cum[c - 1]) * FIVE_CARD_DEALS)
        assert (by_category[Category.STRAIGHT], by_category[Category.FLUSH]) == (9 * 1020, 5108 + 4)
    rng = random.Random(4)
    reading = reading_of(GAMES["27_triple_draw" if ranking is DEUCE_SEVEN else "a5_triple_draw"])
    deals = [tuple(rng.sample(range(52), 5)) for _ in range(4000)]
    share = sum(reading.in_top(deal, 0.3, rng) for deal in deals) / len(deals)
    assert abs(share - 0.3) < 4 * (0.3 * 0.7 / len(deals)) ** 0.5


def test_what_a_policy_counts_and_throws() -> None:
    """2-7: a made hand counts five; otherwise one card per rank, nine or better, at most four; breaking
    throws the worst kept card. A-5 keeps the ace. Split games read their low half."""
    td = reading_of(GAMES["27_triple_draw"])

    def cards(text: str) -> tuple:
        return parse_cards(text)

    assert td.counted(cards("7s 5d 4c 3h 2s")) == (5, 5) and td.discards(cards("7s 5d 4c 3h 2s"), False) == ()
    assert td.discards(cards("7s 5d 4c 3h 2s"), True) == cards("7s")
    assert td.counted(cards("Kd Kc 2s 3d 8h")) == (3, 6) and td.discards(cards("Kd Kc 2s 3d 8h"), False) == cards("Kd Kc")
    assert td.counted(cards("2s 3d 4c 5h 6s")) == (4, 3)  # a straight is no made hand at 2-7: throw the six
    assert td.counted(cards("As 2d 3c 4h 5s")) == (5, 12)  # ace high, made (the ace is the worst card)
    a5 = reading_of(GAMES["a5_triple_draw"])
    assert a5.counted(cards("As 2d 3c 4h 5s")) == (5, 4)
    thrown = a5.discards(cards("As Ad 7c 9h Ks"), False)  # one ace of the pair, and the king
    assert len(thrown) == 2 and thrown[1] == cards("Ks")[0] and thrown[0] in cards("As Ad")
    assert reading_of(GAMES["badacey"]) == a5 and reading_of(GAMES["badeucey"]) == td


def test_a_rough_low_is_broken_on_the_last_draw_for_a_good_draw() -> None:
    """The sound policy at a low game's last draw: pat on ten-low (2-7) or better, break a rougher made
    hand when its four best cards draw to an eight (to a seven at A-5), else stand pat; a badugi stands
    pat on the last draw whatever its top card."""
    sound = make_policy("sound")
    rng = random.Random(1)
    deuce = GAMES["27_single_draw"]

    def throws(text: str, game=deuce, draws_left: int = 1) -> tuple:
        return sound.discard(parse_cards(text), draws_left, rng, game)

    td = reading_of(deuce)
    assert td.draw_high(parse_cards("Kd 8h 6c 3s 2d")) == 6  # the eight's position at 2-7
    assert td.draw_high(parse_cards("Kd Kh 7c 3s 2d")) == 12  # three counted cards: no one-card draw
    assert throws("Kd 8h 6c 3s 2d") == parse_cards("Kd")
    assert throws("Td 8h 6c 3s 2d") == ()  # ten-low stands pat
    assert throws("Kd 9h 6c 3s 2d") == ()  # the draw would be to a nine: pat
    assert throws("Kd 8h 6c 3s 2d", GAMES["27_triple_draw"], 1) == parse_cards("Kd")  # triple draw's last draw
    a5 = GAMES["a5_single_draw"]
    assert throws("Td 7h 4c 3s Ad", a5) == parse_cards("Td") and throws("Td 8h 4c 3s Ad", a5) == ()
    assert throws("Ks 7h 4c 2d", GAMES["badugi"]) == ()  # a king badugi stands pat on the last draw


@pytest.mark.parametrize("game", ["27_single_draw", "a5_single_draw"])
def test_single_draw_players_draw(game: str) -> None:
    """Before a low game's only draw a one-card draw calls a raise, and rough made hands are broken: the
    simulated single-draw hands hold draws of one card or more, not only pats."""
    config = SimConfig(room="phh", game=game, players=6, limit=Limit.NO_LIMIT)
    counts = Counter(e.count for s in Simulator(config, seed=3).hands(400) for e in s.hand.events
                     if isinstance(e, Draw))
    assert counts[0] > 0 and sum(n for count, n in counts.items() if count > 0) >= 10, counts

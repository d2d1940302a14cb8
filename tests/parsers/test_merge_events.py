"""Merge / Carbon shapes the real Badugi files lack but Merge wrote in its other games' files (fpdb's
regression files, read in ../shared/real_hh_corpus: tournaments' ``type="Holdem Tournament"`` with
``stakes="No Limit"`` or ``stakes="No Limit Level 4 Blinds 40/80"``, ``INITIAL_BLIND`` in a 5-Draw file,
``RETURN_BLIND`` in an Omaha H/L file, ``DISCONNECTED``/``RECONNECTED``, ``PLAYER_OUT``, an ``ALL_IN``
written again with no amount). The games below are written for the test in those shapes (names
invented); expected values come from the XML's own numbers and the rules."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone

import pytest

from badugi.engine import rules
from badugi.engine.record import Bet, Hand, Limit, Noise, Post, PostKind, Raise
from badugi.engine.replay import replay
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms.merge import read_merge_text

TOURNAMENT = """<description type="Badugi Tournament" stakes="Limit"/>
<game id="40000001-7" starttime="20110615201500" numholecards="4" gametype="71" realmoney="true" data="20110615|$5 Badugi SnG|40000000-1|40000001-7|true">
\t<players dealer="0">
\t\t<player seat="0" nickname="Ann" balance="1490.00" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="1500.00" dealtin="true" />
\t\t<player seat="2" nickname="Cy" balance="1510.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1308183300000" player="1" amount="10.00"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1308183300100" player="2" amount="20.00"/>
\t</round>
\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<cards type="HOLE" cards="Ah,2c,3d,4s" player="0" hand="Badugi, 4-3-2-A"/>
\t\t<event sequence="3" type="RAISE" timestamp="1308183301000" player="0" amount="40.00"/>
\t\t<event sequence="4" type="FOLD" timestamp="1308183302000" player="1"/>
\t\t<event sequence="5" type="DISCONNECTED" timestamp="1308183302500" player="1"/>
\t\t<event sequence="6" type="CALL" timestamp="1308183303000" player="2" amount="20.00"/>
\t</round>
\t<round id="FIRST_DRAW" sequence="3">
\t\t<event sequence="7" type="DRAW" timestamp="1308183304000" player="2" text="1"/>
\t\t<event sequence="8" type="DRAW" timestamp="1308183305000" player="0" text="0"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="Ah,2c,3d,4s" player="0" hand="Badugi, 4-3-2-A"/>
\t</round>
\t<round id="POST_FIRST_DRAW" sequence="4">
\t\t<event sequence="9" type="RECONNECTED" timestamp="1308183305500" player="1"/>
\t\t<event sequence="10" type="CHECK" timestamp="1308183306000" player="2"/>
\t\t<event sequence="11" type="BET" timestamp="1308183307000" player="0" amount="20.00"/>
\t\t<event sequence="12" type="FOLD" timestamp="1308183308000" player="2"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<event sequence="13" type="MUCK" timestamp="1308183309000" player="0"/>
\t\t<winner amount="110.00" uncalled="false" potnumber="1" player="0" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t\t<event sequence="14" type="PLAYER_OUT" timestamp="1308183310000" player="1"/>
\t</round>
</game>
"""


def one(text: str) -> Hand:
    (result,) = list(read_merge_text(text, "merge.xml"))
    assert isinstance(result, Hand), result
    return result


def test_a_badugi_tournament_is_read_not_skipped() -> None:
    hand = one(TOURNAMENT)
    assert (hand.game, hand.limit, hand.currency) == ("badugi", Limit.FIXED, "CHIPS")
    # no amounts in "Limit": the big blind posted (20) is the small bet, the big bet twice it
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.small_blind) == (20, 40, None)
    assert hand.tournament is not None and hand.tournament.tournament_id == "40000000-1"
    assert [s.stack for s in hand.seats] == [1490, 1500, 1510]  # chips, "1490.00" -> 1490
    noise = [(e.kind, e.player, e.text, e.line) for e in hand.events if isinstance(e, Noise)]
    assert noise == [("disconnect", "Bob", "DISCONNECTED", 16), ("connect", "Bob", "RECONNECTED", 25),
                     ("finish", "Bob", "PLAYER_OUT", 35)]
    assert replay(hand).codes == ()


def test_the_tournament_level_when_written() -> None:
    hand = one(TOURNAMENT.replace('stakes="Limit"', 'stakes="Limit Level 4 Blinds 10/20"'))
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.tournament.level) == (20, 40, "4")
    pot_limit = one(TOURNAMENT.replace('stakes="Limit"', 'stakes="Pot Limit"'))
    assert (pot_limit.limit, pot_limit.stakes.small_blind, pot_limit.stakes.big_blind) == (Limit.POT, 10, 20)


def test_other_tournament_games_are_skipped_under_their_own_name() -> None:
    holdem = TOURNAMENT.replace('type="Badugi Tournament"', 'type="Holdem Tournament"').replace(
        'gametype="71"', 'gametype="23"')
    (result,) = list(read_merge_text(holdem, "merge.xml"))
    assert isinstance(result, Skipped) and result.reason == "unsupported game: Holdem Tournament"


def test_a_tournament_with_no_stakes_and_no_blinds_is_a_clear_failure() -> None:
    text = TOURNAMENT.replace('type="BIG_BLIND"', 'type="ANTE"').replace('type="SMALL_BLIND"', 'type="ANTE"')
    (result,) = list(read_merge_text(text, "merge.xml"))
    assert isinstance(result, ParseFailure) and result.line == 2 and "no stakes" in result.message


def test_a_tournament_with_no_stakes_and_only_a_small_blind_bets_twice_it() -> None:
    hand = one(TOURNAMENT.replace('type="BIG_BLIND"', 'type="ANTE"'))  # the small blind of 10: big blind 20
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (20, 40)


@pytest.mark.parametrize(("event", "kind", "amount"), [
    ('type="INITIAL_BLIND" timestamp="1308183300200" player="0" amount="20.00"', PostKind.EXTRA, 20),
    ('type="RETURN_BLIND" timestamp="1308183300200" player="0" amount="30.00"', PostKind.BOTH, 30),
])
def test_a_new_players_blinds(event: str, kind: PostKind, amount: int) -> None:
    text = TOURNAMENT.replace('\t</round>\n\t<round id="PRE_FIRST_DRAW"',
                              f'\t\t<event sequence="2" {event}/>\n\t</round>\n\t<round id="PRE_FIRST_DRAW"', 1)
    posts = [(p.player, p.kind, p.amount, p.line) for p in one(text).events if isinstance(p, Post)]
    assert posts[-1] == ("Ann", kind, amount, 11)


def test_an_all_in_written_again_without_an_amount_is_a_marker() -> None:
    # "weird.all.in.line" (2013): <event type="ALL_IN" player="4" amount="74.92"/> then, a round later,
    # <event type="ALL_IN" player="4"/>
    text = TOURNAMENT.replace(
        '<event sequence="10" type="CHECK" timestamp="1308183306000" player="2"/>',
        '<event sequence="10" type="ALL_IN" timestamp="1308183306000" player="2"/>')
    hand = one(text)
    (marker,) = [e for e in hand.events if isinstance(e, Noise) and e.kind == "all_in"]
    assert (marker.player, marker.line) == ("Cy", 26)
    assert not [e for e in hand.events if isinstance(e, (Bet, Raise)) and e.player == "Cy"]


@pytest.mark.parametrize(("starttime", "utc"), [
    ("20110615201500", datetime(2011, 6, 16, 1, 15, tzinfo=timezone.utc)),  # fixed UTC-5
    # 2012's dated form with its offset (real files 'new.date.format' and 'player.not.in.preamble')
    ("2012/06/05 19:39:26 -0400", datetime(2012, 6, 5, 23, 39, 26, tzinfo=timezone.utc)),
    ("2012/08/14 21:50:08 +0400", datetime(2012, 8, 14, 17, 50, 8, tzinfo=timezone.utc)),
])
def test_the_start_time_forms(starttime: str, utc: datetime) -> None:
    assert one(TOURNAMENT.replace('starttime="20110615201500"', f'starttime="{starttime}"')).start_time == utc


def _all_in_on_the_blind() -> str:
    """The tournament game with Cy's balance written after the blinds, as Merge writes tournament stacks
    (a real Hold'em tournament file: ``balance="$0.00"``, ``ANTE 25``, ``ALL_IN 0.00``): the big blind of
    20 is all Cy had. Ann raises, Bob folds, Ann and Cy draw to a showdown; Ann wins 10 + 20 + 40 (her 20
    nobody called is in the amount she collects, as Merge writes it)."""
    text = TOURNAMENT.replace('nickname="Cy" balance="1510.00"', 'nickname="Cy" balance="0.00"').replace(
        'player="2" amount="20.00"/>\n\t</round>',
        'player="2" amount="20.00"/>\n\t\t<event sequence="2" type="ALL_IN" timestamp="1308183300100" player="2"'
        ' amount="0.00"/>\n\t</round>', 1)
    draws = "".join(
        f'\t<round id="{name}_DRAW" sequence="{k + 3}">\n'
        f'\t\t<event sequence="{2 * k + 5}" type="DRAW" timestamp="1308183304000" player="2" text="1"/>\n'
        f'\t\t<event sequence="{2 * k + 6}" type="DRAW" timestamp="1308183305000" player="0" text="0"/>\n'
        '\t\t<cards type="DRAW_DRAWN_CARDS" cards="Ah,2c,3d,4s" player="0" hand="Badugi, 4-3-2-A"/>\n\t</round>\n'
        for k, name in enumerate(("FIRST", "SECOND", "THIRD")))
    body = ('\t<round id="PRE_FIRST_DRAW" sequence="2">\n'
            '\t\t<cards type="HOLE" cards="Ah,2c,3d,4s" player="0" hand="Badugi, 4-3-2-A"/>\n'
            '\t\t<event sequence="3" type="RAISE" timestamp="1308183301000" player="0" amount="40.00"/>\n'
            '\t\t<event sequence="4" type="FOLD" timestamp="1308183302000" player="1"/>\n\t</round>\n' + draws +
            '\t<round id="SHOWDOWN" sequence="6">\n'
            '\t\t<event sequence="11" type="SHOW" timestamp="1308183310000" player="2"/>\n'
            '\t\t<event sequence="12" type="SHOW" timestamp="1308183311000" player="0"/>\n'
            '\t\t<cards type="SHOWN" cards="Kh,Qc,Jd,9s" player="2"/>\n'
            '\t\t<cards type="SHOWN" cards="Ah,2c,3d,4s" player="0"/>\n\t</round>\n'
            '\t<round id="END_OF_GAME" sequence="7">\n'
            '\t\t<winner amount="70.00" uncalled="false" potnumber="1" player="0" hand="Badugi, 4-3-2-A" pottype="n"/>\n'
            '\t</round>\n')
    return text[:text.index('\t<round id="PRE_FIRST_DRAW"')] + body + "</game>\n"


def test_an_all_in_of_nothing_after_a_post_marks_the_post_all_in() -> None:
    posts = [(p.player, p.amount, p.all_in) for p in one(_all_in_on_the_blind()).events if isinstance(p, Post)]
    assert posts == [("Bob", 10, False), ("Cy", 20, True)]


def test_tournament_stacks_are_written_after_the_posts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay starts a Merge tournament stack at the written balance plus the posts: Cy's 0 + 20, all
    in on the blind, and the hand is clean; read as the stack before the posts, his blind exceeds it."""
    hand = one(_all_in_on_the_blind())
    assert [s.stack for s in hand.seats] == [1490, 1500, 0]  # the claims stay as written
    assert replay(hand).codes == ()
    merge = dataclasses.replace(rules.ROOM_RULES["merge"], tournament_stacks_after_posts=False)
    monkeypatch.setitem(rules.ROOM_RULES, "merge", merge)
    assert "stack.exceeded" in replay(hand).codes


def test_a_short_all_in_big_blind_does_not_set_the_level() -> None:
    """With no amounts in ``stakes="Limit"`` the level comes from the blinds posted in full: Cy's big blind
    of 15 all-in is short of the level, so the small blind's 10 says it (big blind 20: bets 20/40)."""
    text = _all_in_on_the_blind().replace('type="BIG_BLIND" timestamp="1308183300100" player="2" amount="20.00"',
                                          'type="BIG_BLIND" timestamp="1308183300100" player="2" amount="15.00"')
    hand = one(text)
    assert [(p.player, p.amount, p.all_in) for p in hand.events if isinstance(p, Post)][-1] == ("Cy", 15, True)
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (20, 40)
    both_all_in = text.replace('player="1" amount="10.00"/>', 'player="1" amount="10.00"/>\n\t\t<event sequence="2" '
                               'type="ALL_IN" timestamp="1308183300050" player="1" amount="0.00"/>', 1)
    (result,) = list(read_merge_text(both_all_in, "merge.xml"))
    assert isinstance(result, ParseFailure) and "in full" in result.message and result.line == 2

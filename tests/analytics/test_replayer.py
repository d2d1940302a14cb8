"""The hand replayer in headless Chromium: its self-test clicks through every step of every hand the sample
report lists (leak examples, biggest pots, every showdown lost) with the same buttons and keys a user has,
and the pot and stacks shown at each step must equal the replay of the original hand (parsed from the
sample files here, not read back from the store the report was built from)."""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi.analytics.replayer import format_money, hand_data, script_json
from badugi.cli.main import app
from badugi.engine.cards import format_cards
from badugi.engine.record import Hand, Show
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay
from badugi.parsers.reader import read_paths

from chromium import console_lines, render, selftest_records
from conftest import SAMPLES

EVIL = "</script><script>alert(1)</script>"


@pytest.fixture(scope="module")
def originals() -> dict[str, tuple[Hand, Replay]]:
    """Every sample hand, parsed from its file and replayed, by ``room:hand_id``."""
    return {f"{r.room}:{r.hand_id}": (r, replay(r)) for r in read_paths([SAMPLES]) if isinstance(r, Hand)}


def shown_amount(text: str, hand: Hand) -> int | None:
    """A money text as the page shows it (``$1,234.50``, ``-$0.25``, ``1,500``) back in minor units."""
    if text == "?":
        return None
    number = re.sub(r"[^\d.\-]", "", text)
    assert number, text
    return int(Decimal(number) * hand.minor_per_major)


def expected_frames(hand: Hand, r: Replay) -> list[tuple[int, list[int | None]]]:
    """(pot, stacks in table order) per frame, from the engine alone: the seats before the first post,
    each step, then the result (each stack after the pots were paid: starting stack + net)."""
    facts = {f.player: f for f in r.players}
    starts = [facts[p].starting_stack for p in r.order]
    frames: list[tuple[int, list[int | None]]] = [(0, list(starts))]
    frames += [(s.pot, list(s.stacks)) for s in r.steps]
    frames.append((r.total_pot, [None if facts[p].net is None else start + facts[p].net
                                 for p, start in zip(r.order, starts)]))
    return frames


def check_hand(records: list[dict[str, Any]], hand: Hand, r: Replay, hero: str | None) -> None:
    """One hand's self-test records against its replay: every frame by next clicks, then previous, the
    arrow keys, Home and End; cards only once the room showed them."""
    frames = expected_frames(hand, r)
    last = len(frames) - 1
    walk = [x for x in records if x["via"] in ("open", "next")]
    assert len(walk) == len(frames), (hand.hand_id, len(walk), len(frames))
    for f, (shown, (pot, stacks)) in enumerate(zip(walk, frames)):
        where = f"hand {hand.hand_id} step {f}"
        assert shown["count"] == f"step {f} of {last}", where
        assert shown["names"] == list(r.order), where
        assert shown_amount(shown["pot"], hand) == pot, where
        assert [shown_amount(t, hand) for t in shown["stacks"]] == stacks, where
        assert shown["nextDisabled"] == (f == last), where
    moves = {x["via"]: x for x in records if x["via"] not in ("open", "next")}
    for via, f in (("prev", last - 1), ("right", last), ("home", 0), ("left", 0), ("end", last)):
        assert moves[via]["count"] == f"step {f} of {last}", (hand.hand_id, via)
        assert [moves[via][k] for k in ("pot", "stacks")] == [walk[f][k] for k in ("pot", "stacks")]
    if "escape" in moves:
        assert moves["escape"]["closed"] is True
    # cards: the hero's from the deal; a player who shows at the end only at the end, as shown
    index = {p: k for k, p in enumerate(r.order)}
    facts = {f.player: f for f in r.players}
    if hero in index and facts[hero].holdings.dealt is not None:
        assert walk[0]["cards"][index[hero]] == format_cards(facts[hero].holdings.dealt)
    for event in hand.events:
        if type(event) is Show and event.cards and event.player in index and event.player != hero:
            k = index[event.player]
            assert walk[last]["cards"][k] == format_cards(event.cards), hand.hand_id
            assert all(x["cards"][k] == "" for x in walk[:last]), hand.hand_id


def test_replayer_shows_every_step_of_every_listed_hand(sample_selftest: subprocess.CompletedProcess[str],
                                                        sample_report: Path,
                                                        originals: dict[str, tuple[Hand, Replay]]) -> None:
    assert not console_lines(sample_selftest), console_lines(sample_selftest)
    page = sample_report.read_text(encoding="utf-8")
    listed = set(re.findall(r'<button type="button" class="rp-open" data-hand="([^"]+)"', page))
    leaks = page[page.index("<h2>Leaks</h2>"):page.index("<h2>Hands</h2>")]
    examples = set(re.findall(r'data-hand="([^"]+)"', leaks))
    assert len(examples) >= 10  # the samples' rules with spots list hands where the hero made the move
    by_hand: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in selftest_records(sample_selftest.stdout):
        by_hand[record["h"]].append(record)
    assert set(by_hand) == listed  # every listed hand was opened, each once
    steps = 0
    for key in sorted(listed):
        hand, r = originals[key]
        check_hand(by_hand[key], hand, r, "Hero")
        steps += len(r.steps)
    assert steps > 1000


def test_report_lists_every_showdown_lost_and_the_biggest_pots(sample_report: Path,
                                                              originals: dict[str, tuple[Hand, Replay]]) -> None:
    """The lists against the engine's own facts on the original hands (every sample hand is Hero's)."""
    page = sample_report.read_text(encoding="utf-8")

    def listed(name: str) -> list[str]:
        table = re.search(rf'<table class="hands" data-list="{name}">(.*?)</table>', page, re.S)
        assert table, name
        return re.findall(r'data-hand="([^"]+)"', table.group(1))

    hero = {key: (hand, r, r.facts("Hero")) for key, (hand, r) in originals.items() if r.facts("Hero")}
    lost = {key for key, (_, _, f) in hero.items() if f.went_to_showdown and f.won_at_showdown is False}
    assert sorted(listed("showdowns-lost")) == sorted(lost) and len(lost) == 58
    assert f"Showdowns lost ({len(lost)})" in page

    def in_bb(hand: Hand, r: Replay) -> float:
        return r.total_pot / (hand.stakes.big_blind or hand.stakes.small_bet)

    played = [in_bb(hand, r) for hand, r, f in hero.values() if f.vpip or f.saw_draw[0]]
    biggest = listed("biggest-pots")
    assert [round(in_bb(*originals[k]), 6) for k in biggest] == [round(v, 6) for v in sorted(played)[::-1][:10]]


def test_standalone_page_with_a_hostile_name_and_a_violation(tmp_path: Path) -> None:
    """``badugi replay FILE --hand ID --html OUT``: one hand's page. A player named like a script stays
    text, and the replay's violation shows inline at its step and in the result."""
    text = (SAMPLES / "phh_fl_cash.phhs").read_text(encoding="utf-8")
    block = next(b for b in text.split("\n\n") if 'hand = "49268200058"' in b)
    block = block.replace('"sevenLowSal"', f'"{EVIL}"').replace("winnings = [0.00, 0.00, 18.04, 0.00]",
                                                                    "winnings = [0.00, 0.00, 19.04, 0.00]")
    source = tmp_path / "evil.phhs"
    source.write_text(block + "\n", encoding="utf-8")
    out = tmp_path / "hand.html"
    result = CliRunner().invoke(app, ["replay", str(source), "--hand", "49268200058", "--html", str(out)])
    assert result.exit_code == 1, result.output  # the hand breaks a rule: exit 1, as for the text replay
    page = out.read_text(encoding="utf-8")
    assert EVIL not in page and "</script><script>" not in page
    (hand,) = [h for h in read_paths([source]) if isinstance(h, Hand)]
    r = replay(hand)
    assert r.violations and EVIL in r.order
    rendered = render(out, tmp_path / "profile", "selftest")
    assert not console_lines(rendered), console_lines(rendered)
    records = selftest_records(rendered.stdout)
    check_hand(records, hand, r, "Hero")
    walk = [x for x in records if x["via"] in ("open", "next")]
    assert walk[-1]["alerts"] == len(r.violations)  # a violation without a step of its own shows in the result
    assert 'class="rp-badge"' in rendered.stdout


def test_replayer_data_cannot_break_out_of_its_script() -> None:
    text = script_json({"name": EVIL, "amp": "a & b", "sep": "\u2028"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert format_money(-123456, "USD") == "-$1,234.56" and format_money(1500, "CHIPS") == "1,500"
    assert format_money(50, "CAD") == "0.50 CAD"


def test_cards_appear_when_the_room_showed_them(originals: dict[str, tuple[Hand, Replay]]) -> None:
    """The hero's cards from the deal and after each of their draws; a player revealed at the showdown only
    in the result frame, even where the replay inferred their earlier cards from the showdown."""
    checked = 0
    for hand, r in originals.values():
        shown = {e.player for e in hand.events if type(e) is Show and e.cards}
        if not shown - {"Hero"} or r.facts("Hero") is None:
            continue
        data = hand_data(hand, r, {"Hero"})
        last = len(r.steps) + 1
        hero = r.order.index("Hero")
        for k, frame, cards, _label in data["cards"]:
            if r.order[k] in shown - {"Hero"}:
                assert frame == last, hand.hand_id
        hero_frames = [frame for k, frame, _, _ in data["cards"] if k == hero]
        draws = [n for n, s in enumerate(r.steps, start=1) if s.player == "Hero" and s.kind == "draw"]
        assert hero_frames[0] == 0 and set(hero_frames[1:]) <= set(draws) | {last}
        checked += 1
    assert checked > 20

"""``names_api.seat_index``: the table index ``Table.index_of`` gives a name (the last seat of a name written twice),
-1 for a name not seated. The walk, the settlement and the summary check find players with it (compiled, a C scan).
``names_api.same_text``: ``==`` with a word (the summary check's seat results and positions)."""

from __future__ import annotations

from badugi.engine.names_api import same_text, seat_index


def _index_of(names: list) -> dict:
    return {name: i for i, name in enumerate(names)}


def test_seat_index_answers_as_index_of() -> None:
    tables = [["Alice", "Bob", "Carol"], ["Zoë", "Zoe", "Zoë2", "日本"], ["A", "B", "A"], [], ["x" * 40, "x" * 39]]
    asked = ["Alice", "Carol", "Dave", "Zoë", "Zoe", "日本", "A", "B", "", None, 3, "x" * 40, "x" * 39, "alice"]
    for names in tables:
        index_of = _index_of(names)
        for player in asked:
            # a new string object each time, as a log's event line gives it (not the seat line's own)
            probe = "".join(list(player)) if isinstance(player, str) else player
            assert seat_index(names, probe) == index_of.get(player, -1), (names, player)


def test_replay_finds_players_whose_names_are_not_ascii() -> None:
    from badugi.engine.table import Table
    from badugi.engine.rules import Rules
    from badugi.engine.record import Limit

    t = Table(["Zoë", "日本", "Bob"], seats=[1, 2, 3], stacks=[1000] * 3, button_seat=3, limit=Limit.FIXED,
              small_bet=20, big_bet=40, rules=Rules())
    for name in ("Zoë", "日本", "Bob"):
        assert seat_index(t.names, "".join(list(name))) == t.index_of[name]


def test_same_text_is_equality_with_a_word() -> None:
    values = ["showed", "showe", "showedd", "Showed", "mucked", "", "日本", "small blind", None, 3, b"showed"]
    words = ["showed", "mucked", "collected", "small blind", "big blind", "button", "日本", ""]
    for value in values:
        for word in words:
            probe = "".join(list(value)) if isinstance(value, str) else value  # a string of its own, as logs give
            assert same_text(probe, word) == (value == word), (value, word)

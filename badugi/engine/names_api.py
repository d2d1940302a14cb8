"""The pure-Python twin of ``names_api.pxd``: a player's table index found by name, and a word compared.

``seat_index(names, player)`` is the last index ``i`` with ``names[i] == player``, else -1: what
``{name: i for i, name in enumerate(names)}.get(player, -1)`` answers (``Table.index_of``, the last seat of a name
twice). Compiled (``names_api.pxd``), a C scan of the table's few names: a name the log writes on an event line is a
string of its own, not the seat line's, so a look-up in ``index_of`` first hashes it, then compares it with the seat's
name; the scan compares lengths and bytes only.
"""

from __future__ import annotations


def seat_index(names: list[str], player: object) -> int:
    for i in range(len(names) - 1, -1, -1):
        if names[i] == player:
            return i
    return -1


def same_text(value: object, word: str) -> bool:
    """``value == word`` (``word`` a ``str``). Compiled, exact strings are compared by length, kind and bytes: a
    word the log wrote (a summary seat's ``showed``, ``button``) is a string of its own, never the literal itself,
    and Cython compares two strings with ``PyUnicode_Compare`` (~95 instructions, callgrind) where their lengths
    mostly differ."""
    return value == word

"""The pure-Python twins of the C calls the compiled PokerStars readers test a text's words at a position with.

``pokerstars.pxd`` and ``pokerstars_lines.pxd`` cimport ``text_api.pxd`` (C only: nothing here is compiled) under the
name their ``.py`` files import this module by: compiled, ``_text.starts_at(text, word, at)`` compares the word with
the text's characters at ``at`` in place (``memcmp`` where both are of one kind), where Cython's ``text.startswith(word,
at)`` made a Python int of each position and read it back, then called ``PyUnicode_Tailmatch`` (~100 instructions a
test, ~100 tests a hand). The positions are adjusted as ``str.startswith``/``endswith`` adjust them. Run as Python each
is the method it names.
"""

from __future__ import annotations


def starts_at(text: str, word: str, at: int) -> bool:
    return text.startswith(word, at)


def ends(text: str, word: str) -> bool:
    return text.endswith(word)


def ends_at(text: str, word: str, start: int, end: int) -> bool:
    return text.endswith(word, start, end)


def is_ascii(text: str) -> bool:
    return text.isascii()


def cut(text: str, start: int, end: int) -> str:
    return text[start:end]


def line_end(text: str, at: int, end: int) -> int:
    return text.find("\n", at, end)


def char_at(text: str, char: str, at: int, end: int) -> int:
    return text.find(char, at, end)


def last_char_at(text: str, char: str, at: int, end: int) -> int:
    return text.rfind(char, at, end)


def char_of(text: str, at: int) -> str:
    return text[at]

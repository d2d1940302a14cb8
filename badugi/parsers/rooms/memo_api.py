"""The pure-Python twin of the C call the compiled PokerStars readers look a line up in a memo with.

``pokerstars_lines.pxd`` cimports ``memo_api.pxd`` (C only: nothing here is compiled) under the name
``pokerstars_lines.py`` imports this module by: compiled, ``_memo_api.get(memo, text)`` looks the text up in
the memo's dict in C (``PyDict_GetItemWithError``), where ``memo.get(text)`` looked the method up and called it
through Python's generic call (~600 instructions a line, ~37 lookups a hand); a memo whose class is not a direct
subclass of ``dict`` (a ``CountingMemo``: its ``get`` counts) is asked through its own ``get``. Run as Python it
is ``memo.get(text)``. ``get_in`` and ``keep_in`` look up and keep a part of a text (``text[start:end]``) without
cutting it out for the lookup: compiled, hashed in place into the memo's own C table (``memo_api.pxd``); run as Python,
the part cut out and looked up (kept, the memo emptied first at its limit) in the dict.
"""

from __future__ import annotations

from typing import Any


def get(memo: dict[str, Any], key: str) -> Any:
    return memo.get(key)


def get_in(memo: dict[str, Any], text: str, start: int, end: int) -> Any:
    return memo.get(text[start:end])


def keep_in(memo: dict[str, Any], limit: int, text: str, start: int, end: int, value: Any) -> Any:
    if len(memo) >= limit:
        memo.clear()
    memo[text[start:end]] = value
    return value

"""The pure-Python twins of the C calls the compiled splitter (``split``) makes to scan a UTF-8 file's bytes.

``split.pxd`` cimports ``scan_api.pxd`` (C only: nothing here is compiled) under the name ``split.py`` imports
this module by. Compiled, ``compiled`` is true and ``split_stream`` cuts a UTF-8 file into hands by ``run``
(runs of lines classified by one C loop over the bytes: ``memchr`` for each line end and a 256-byte table
for each line's first byte) and ``ascii_text`` (a hand's text made from its bytes in C); run as Python,
``compiled`` is false and the splitter keeps its line-by-line path: the tests compare the two
(``tests/test_compiled.py``, ``tests/parsers/test_split_scan.py``). ``record`` builds a slotted record
(``HandText``) without its generated ``__init__``, in both.
"""

from __future__ import annotations

from typing import Any, NamedTuple

compiled = False
"""Whether the C scan runs (``split_stream`` takes its line-by-line path otherwise)."""

NONE, BLANK, LINE, BODY = 0, 1, 2, 3
"""What ``run`` found at a line start: no whole line; a run of blank lines (only spaces, tabs, CR); one line
whose first byte is a stop byte (it may start a hand, or it starts like a blank line but is not one); a run
of lines none of which starts with a stop byte (never decoded alone)."""

_BLANK_BYTES = b" \t\r"


def run(buffer: bytes, at: int, stops: bytes, prefixes: tuple[bytes, ...] = ()) -> tuple[int, int, int]:
    """``(kind, end, lines)``: the run of whole lines of one kind starting at ``buffer[at]`` (a line start),
    where it ends and how many lines it holds. ``stops`` is a table of 256 bytes: non-zero for a byte that
    stops a body run when a line starts with it (the first bytes of ``prefixes``, and space, tab, CR, LF); a
    line that starts with such a byte stops the run only when it starts like a blank line (space, tab, CR,
    LF) or with one of ``prefixes`` (a line that may start a hand: a ``LINE`` of its own). The others, a
    player named ``Pat``'s lines say, are body lines like any (one run to the hand's end, not a run a line)."""
    end = buffer.find(b"\n", at)
    if end == -1:
        return NONE, at, 0
    first = buffer[at]
    if first in b" \t\r\n":
        lines = 0
        while end != -1 and not buffer[at:end].strip(_BLANK_BYTES):
            lines += 1
            at = end + 1
            end = buffer.find(b"\n", at)
        if lines:
            return BLANK, at, lines
        return LINE, end + 1, 1
    if stops[first] and buffer.startswith(prefixes, at):
        return LINE, end + 1, 1
    lines = 0
    while True:
        lines += 1
        at = end + 1
        if at >= len(buffer):
            break
        first = buffer[at]
        if stops[first] and (first in b" \t\r\n" or buffer.startswith(prefixes, at)):
            break
        end = buffer.find(b"\n", at)
        if end == -1:
            break
    return BODY, at, lines


class Found(NamedTuple):
    """``run``'s result as ``run_found`` gives it (compiled: a C struct, no tuple or ints made)."""

    kind: int
    end: int
    lines: int


def run_found(buffer: bytes, at: int, stops: bytes, prefixes: tuple[bytes, ...] = ()) -> Found:
    """``run``, its three values read as ``.kind``, ``.end`` and ``.lines`` (the compiled splitter's call: a C
    struct returned, where ``run``'s tuple and its ints were made and freed three times a hand)."""
    return Found(*run(buffer, at, stops, prefixes))


def ascii_text(buffer: bytes, start: int, end: int) -> str | None:
    """``buffer[start:end]`` as a hand's text (what ``split._decode_block`` makes of it: each CR before a LF
    and a last CR removed, a last LF added when missing), or ``None`` when a byte is not ASCII (then it is
    decoded the long way)."""
    data = buffer[start:end]
    if not data.isascii():
        return None
    text = data.decode("ascii").replace("\r\n", "\n")
    if text.endswith("\r"):
        text = text[:-1]
    return text if text.endswith("\n") else text + "\n"


def starts(buffer: bytes, at: int, prefixes: tuple[bytes, ...]) -> bool:
    """Whether ``buffer[at:]`` starts with one of ``prefixes`` (``bytes.startswith`` with a tuple; in C a
    ``memcmp`` each, without that method's call)."""
    return buffer.startswith(prefixes, at)


def ascii_line(buffer: bytes, start: int, end: int) -> str | None:
    """``buffer[start:end]``, one line, as ``decode.decode_line`` reads it (its LF, then a CR, removed), or
    ``None`` when a byte is not ASCII (then it is decoded the long way)."""
    data = buffer[start:end]
    if not data.isascii():
        return None
    text = data.decode("ascii")
    if text.endswith("\n"):
        text = text[:-1]
    return text[:-1] if text.endswith("\r") else text


def record(cls: type, slots: tuple[Any, ...], values: tuple[Any, ...]) -> Any:
    """An instance of the slotted class ``cls`` made by ``object.__new__``, each of its ``slots`` (the class's
    member descriptors) set to the value at the same place (a frozen dataclass's ``__init__`` sets each
    through ``object.__setattr__``; this is its result without that call)."""
    made = object.__new__(cls)
    for slot, value in zip(slots, values):
        slot.__set__(made, value)
    return made

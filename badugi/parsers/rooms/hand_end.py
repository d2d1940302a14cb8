"""Whether a text room's hand, read from its own text alone, shows that the client finished writing it.

A text room marks no hand's end: the next hand's first line, or the blank lines the client writes
after a hand, show that it is done. The file's last hand has neither while the client is still
writing it, and a hand cut inside its summary still reads (each summary line is an optional claim):
kept, it would be stored incomplete, and the rest of its lines would come next time as text outside
any hand. What each room writes that proves a summary whole (checked on every real file under
``real_hh`` and ``real_hh_corpus``: 1,426 PokerStars, 309 Full Tilt and 6 KingsClub hands with a
summary, every one):

- PokerStars: the summary has a ``Seat N: ...`` line for every seat of the header except those
  ``out of hand`` (a player moved in from another table into the small blind), which have none.
- Full Tilt: the summary has a ``Seat N: ...`` line for every seat of the header (a corrupted real
  line ``Seat 3: Player4 Seat 4: Player1 ...`` names two). A summary-only hand (``(partial)``, no seat
  in its header) names no seat to check against: never proven whole.
- KingsClub: the summary has a ``Seat N: name (final stack) +net`` line for every seat of the header,
  then ``Rake N`` (none when no rake was taken: real 2021 files of fpdb's tests, a no-limit 2-7 single
  draw hand and a razz hand), then the winners' ``wins ...`` lines; every seat whose net is positive must have won
  something, so it has a ``wins`` line. (A winner whose net is not positive, as in a split pot
  between two players who put in the same, is not seen here: ``batch.process_hands`` also asks the
  replay whether the pot was all collected, for rooms that write the awards last.)

A hand that is not proven whole is not lost: the importer reads it once the file has not changed for
a while (``ranges.SETTLE_SECONDS``), or when the next hand or a blank line follows it.
"""

from __future__ import annotations

import re

SUMMARY_MARK = "\n*** SUMMARY"
RUN_ONE_MARK = "\n*** SUMMARY 1 ***"
RUN_TWO_MARK = "\n*** SUMMARY 2 ***"
_HEADER_SEAT = re.compile(r"^Seat (\d+): (.*)$", re.M)
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
_KC_SUMMARY_SEAT = re.compile(r"^Seat (\d+): (.+?) \([\d,.]+\)(?: ([+-]?)[\d,.]+)?[ \t]*$", re.M)
_KC_RAKE = re.compile(r"^Rake [\d,.]+[ \t]*$", re.M)
_KC_WINNER = re.compile(r"^(.+?) wins (?:pot \(|\()", re.M)


def _parts(text: str) -> tuple[dict[str, str], str] | None:
    """The header's seats (number -> the rest of the line) and the last summary's text, or ``None`` when
    the hand has no summary yet. The header's seats are the ``Seat N:`` lines before the first ``*** ``
    section marker. A hand run twice (Full Tilt's other games) has ``*** SUMMARY 1 ***`` and
    ``*** SUMMARY 2 ***`` after its ``*** SUMMARY ***``: the last is read, and it must be the second."""
    at = text.rfind(SUMMARY_MARK)
    if at == -1 or (RUN_ONE_MARK in text and RUN_TWO_MARK not in text):
        return None
    summary = text[at + len(SUMMARY_MARK):]
    head = text[:at]
    first_section = head.find("\n*** ")
    if first_section != -1:
        head = head[:first_section]
    return {number: rest for number, rest in _HEADER_SEAT.findall(head)}, summary


def _summary_seats(text: str) -> tuple[dict[str, str], set[str]] | None:
    """The header's seats and the seat numbers the summary names (``None``: no summary yet)."""
    parts = _parts(text)
    if parts is None:
        return None
    seats, summary = parts
    return seats, set(_SUMMARY_SEAT.findall(summary))


def pokerstars_whole(text: str) -> bool:
    """A PokerStars hand's summary lists every seat that was in the hand."""
    found = _summary_seats(text)
    return found is not None and all(number in found[1] for number, rest in found[0].items()
                                     if "out of hand" not in rest)


def fulltilt_whole(text: str) -> bool:
    """A Full Tilt hand's summary lists every seat of its header (a hand with none is never proven)."""
    found = _summary_seats(text)
    return found is not None and bool(found[0]) and all(number in found[1] for number in found[0])


def kingsclub_whole(text: str) -> bool:
    """A KingsClub hand's summary has every seat's line, then (after the rake line, where there is one) a
    ``wins`` line for at least one player and for every player whose net is positive."""
    parts = _parts(text)
    if parts is None:
        return False
    seats, summary = parts
    lines = {number: (name, sign) for number, name, sign in _KC_SUMMARY_SEAT.findall(summary)}
    if not seats or any(number not in lines for number in seats):
        return False
    rake = _KC_RAKE.search(summary)  # none written when no rake was taken (real 2021 files)
    winners = set(_KC_WINNER.findall(summary, rake.end() if rake is not None else 0))
    if not winners:
        return False
    return all(name in winners for name, sign in lines.values() if sign == "+")

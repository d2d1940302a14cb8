"""Tournament summaries: the files the rooms write (or e-mail) with a tournament's buy-in, entrants, prize
pool and results. They sit in the same folders as hand histories; the one reader (``parsers.reader``)
recognises a summary file by its first lines, cuts it into summaries with the room's summary reader and
reads each into a ``TournamentSummary`` (``parsers.tournament_record``), or a ``parse.summary.*``
``ParseFailure`` with the line it could not read.

Readers are listed explicitly, by room, in ``SUMMARY_READERS``; each is a ``SummaryReader`` (``common``):
how a summary starts and a table of its line patterns.
"""

from __future__ import annotations

from badugi.parsers.results import HandText, ParseFailure
from badugi.parsers.tournament_record import Placing, TournamentSummary

from .common import SummaryReader
from .fulltilt import FullTiltSummaries
from .pokerstars import PokerStarsSummaries
from .winamax import WinamaxSummaries

SUMMARY_READERS: dict[str, SummaryReader] = {
    "pokerstars": PokerStarsSummaries(),
    "fulltilt": FullTiltSummaries(),
    "winamax": WinamaxSummaries(),
}
"""The rooms whose summaries badugi reads (stateless, shared instances), by room name."""


def summary_reader_for(head: str) -> SummaryReader | None:
    """The reader of the summaries a file holds, from its first decoded text; ``None`` for any other file."""
    for reader in SUMMARY_READERS.values():
        if reader.recognises(head):
            return reader
    return None


def read_summary(piece: HandText, file: str) -> TournamentSummary | ParseFailure:
    """Read one split summary with its room's reader. Never raises on bad input."""
    return SUMMARY_READERS[piece.room or ""].read(piece, file)


__all__ = ["SUMMARY_READERS", "Placing", "SummaryReader", "TournamentSummary", "read_summary", "summary_reader_for"]

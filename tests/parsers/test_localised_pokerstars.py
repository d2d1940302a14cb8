"""PokerStars hand histories written in another language than English are still not read (FORMATS.md 1:
the draw words in other languages are unknown; reject, don't guess), but the file's skip reason says what
it is and what to do, instead of ``not a hand history: no hand of a room badugi reads``.

The first lines are quoted from public code, never invented:
- Portuguese: ``iagowp/JSPokerParser`` ``testHands.js`` (the sample FORMATS.md cites);
- Spanish: a hand-history parser's test in the public code index (its ``spanish_transcription``, a Zoom
  hand; the table and seat lines follow it there);
- French: only other parsers' header patterns (``Main PokerStars n[°º](\\d+)\\s*:``) were found, no whole
  file: the line below is that pattern filled in (INFERRED).
"""

from __future__ import annotations

import pytest

from badugi.parsers.reader import read_text
from badugi.parsers.results import FileSkipped

PORTUGUESE = ("Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - "
              "2015/07/07 16:42:52 ET \n"
              "Mesa '1270291825 1' 6-max Lugar #1 é o botão \n"
              "Lugar 1: iagowp (500 em fichas) \n"
              "Lugar 2: JFDX7WC (500 em fichas) \n")
SPANISH = ("Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 05-02-2025 14:48:32 "
           "CET [05-02-2025 8:48:32 ET]\n"
           'Mesa "Asterope" 6-max El asiento n.º 1 es el botón\n'
           "Asiento 1: Ermufa (4.59 € en fichas)\n"
           "Asiento 2: alfonsoterrible (4.95 € en fichas)\n")
FRENCH = "Main PokerStars n°254718322088 :  Hold'em No Limit (0.02 €/0.05 €) - 05/02/2025 14:48:32 CET\n"


@pytest.mark.parametrize("text, language", [(PORTUGUESE, "Portuguese"), (SPANISH, "Spanish"), (FRENCH, "French")])
def test_a_localised_pokerstars_file_is_skipped_saying_what_it_is(text: str, language: str) -> None:
    for data in (text, "\ufeff" + text.replace("\n", "\r\n") + "\r\n\r\n\r\n" + text):  # BOM, CRLF, two hands
        results = list(read_text(data, "pt.txt"))
        assert results == [FileSkipped(
            "pt.txt", f"PokerStars hand history written in {language}: badugi reads PokerStars histories written "
            "in English (set the PokerStars client's hand-history language to English)", "pokerstars")], results


def test_english_pokerstars_is_still_read_and_other_text_still_generic() -> None:
    english = ("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"
               "Table 'Benkoela V' 8-max Seat #8 is the button\n")
    assert not any(isinstance(r, FileSkipped) for r in read_text(english, "en.txt"))
    (skipped,) = read_text("notes about PokerStars: hand 12 was fun\n", "notes.txt")
    assert skipped.reason == "not a hand history: no hand of a room badugi reads in its first 64 KB"

"""PokerStars single draw (2-7 Single Draw, FORMATS.md section 1): the draw has no section of its own.

Its hands hold one section, ``*** DEALING HANDS ***``, up to the showdown: the first betting round,
then the draw (``Player2: discards 1 card``, ``Player6: stands pat``, ``Dealt to Hero [5h 2d] [Ks 9d
Kd]``), then the second betting round, with no marker between them (every real PokerStars single-draw
hand, 2010-2011, cash and tournament). The draw starts at its first declaration, so that section is cut
there into two: the lines before it, and the draw and the round after it under ``INLINE_DRAW``, which
the room's section table (``PokerStars.STREETS``) reads as draw 1 and betting round 1, as it reads
``*** FIRST DRAW ***`` in triple draw.
"""

from __future__ import annotations

from .pokerstars_lines import Block
from .pokerstars_values import DiscardLine, StandPatLine

DEALING = "*** DEALING HANDS ***"
INLINE_DRAW = "*** DRAW ***"
"""The name the unmarked draw of a single-draw hand goes by in the section table."""
DECLARATIONS = (DiscardLine, StandPatLine)
"""Line values that declare a draw (``pokerstars_values``)."""


def mark_inline_draw(sections: list[tuple[str, list[Block]]]) -> list[tuple[str, list[Block]]]:
    """The sections with the deal's section cut at its first draw declaration (unchanged without one:
    a hand over before the draw). Each block's values are one per line, so a block cut in two keeps
    its lines: the second part starts ``index`` lines further on."""
    marked: list[tuple[str, list[Block]]] = []
    for number, (marker, blocks) in enumerate(sections):
        if marker != DEALING:
            marked.append((marker, blocks))
            continue
        for index, (at, values) in enumerate(blocks):
            cut = next((i for i, value in enumerate(values) if isinstance(value, DECLARATIONS)), None)
            if cut is None:
                continue
            before = blocks[:index] + ([(at, values[:cut])] if cut else [])
            after = [(at + cut, values[cut:])] + blocks[index + 1:]
            return marked + [(marker, before), (INLINE_DRAW, after)] + sections[number + 1:]
        marked.append((marker, blocks))
    return marked

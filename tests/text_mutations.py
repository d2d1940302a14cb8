"""One hypothesis strategy for corrupting a hand's text, shared by the room reader property tests."""

from __future__ import annotations

from hypothesis import strategies as st

KINDS = ("truncate", "garble", "insert", "drop_line", "swap_lines")


def mutate(data: st.DataObject, text: str) -> str:
    """``text`` cut short, garbled, with random bytes inserted, a line dropped or two lines swapped."""
    how = data.draw(st.sampled_from(KINDS))
    i = data.draw(st.integers(0, len(text)))
    if how == "truncate":
        return text[:i]
    if how == "garble":
        return text[:i] + data.draw(st.text(max_size=12)) + text[i + 12:]
    if how == "insert":
        return text[:i] + data.draw(st.binary(max_size=16)).decode("latin-1") + text[i:]
    lines = text.split("\n")
    j = data.draw(st.integers(0, len(lines) - 1))
    if how == "drop_line":
        del lines[j]
    else:
        k = data.draw(st.integers(0, len(lines) - 1))
        lines[j], lines[k] = lines[k], lines[j]
    return "\n".join(lines)

"""``check_labels`` takes a label equal to its hand's entry of ``evaluator.STARS_LABELS`` as right without
reading it back: each entry must read back (``parse_label``) as its class's size and ranks, and name the class the
evaluator gives."""

from badugi.engine import checks_showdown
from badugi.engine.evaluator import CLASS_COUNT, STARS_LABELS, label, parse_label, value_of_class


def test_every_class_label_reads_back_as_its_class() -> None:
    texts = STARS_LABELS
    assert len(texts) == CLASS_COUNT + 1 and texts[0] == ""
    for cls in range(1, CLASS_COUNT + 1):
        assert parse_label(texts[cls]) == value_of_class(cls)
        assert texts[cls] == label(cls, "pokerstars") == checks_showdown._label_text(*value_of_class(cls))

# Cython declarations for pokerstars_values.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Each line value is an extension type: ``@dataclass(frozen=True)`` on it is compiled by Cython's own dataclass
# support (``__init__`` setting C struct fields, ``__eq__`` comparing classes then fields, ``__hash__``,
# ``__repr__``) and its fields are ``readonly`` struct members: frozen. Fields are declared in the order of the
# .py file's. Kinds with the same fields subclass one base (a fold and a check of the same name never compare equal).
cimport cython


@cython.final
cdef class PostLine:
    cdef readonly object name, kind, amount, all_in


cdef class PlayerLine:
    cdef readonly object name


@cython.final
cdef class FoldLine(PlayerLine):
    pass


@cython.final
cdef class CheckLine(PlayerLine):
    pass


@cython.final
cdef class MuckLine(PlayerLine):
    pass


cdef class WagerLine:
    cdef readonly object name, amount, all_in


@cython.final
cdef class CallLine(WagerLine):
    pass


@cython.final
cdef class BetLine(WagerLine):
    pass


@cython.final
cdef class RaiseLine:
    cdef readonly object name, by, to, all_in


@cython.final
cdef class DiscardLine:
    cdef readonly object name, count, cards


@cython.final
cdef class StandPatLine:
    cdef readonly object name, cards


@cython.final
cdef class ShowLine:
    cdef readonly object name, cards, label


@cython.final
cdef class FoldShowLine:
    cdef readonly object name, cards


@cython.final
cdef class DealtLine:
    cdef readonly object name, held, new


@cython.final
cdef class UncalledLine:
    cdef readonly object name, amount


@cython.final
cdef class CollectLine:
    cdef readonly object name, amount, pot


@cython.final
cdef class CapLine:
    pass


@cython.final
cdef class CancelledLine:
    pass


@cython.final
cdef class NoiseLine:
    cdef readonly object kind, name, text


@cython.final
cdef class OtherLine:
    cdef readonly object text


@cython.final
cdef class SeatLine:
    cdef readonly object seat, name, stack, sitting_out, note


@cython.final
cdef class SummarySeatLine:
    cdef readonly object seat, name, result, position, folded_street, won, cards, label


@cython.final
cdef class PotLine:
    cdef readonly object total, main, sides, rake

# Cython declarations for pokerstars.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The assembly of one hand's line values into a ``Hand`` is an extension type: its fields are read from
# a C struct (not an instance dict) and its methods call each other directly.
cimport cython
# The records are extension types too (badugi/engine/record.pxd): built by calling their type directly
from badugi.engine.record cimport (Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand,
                                   Muck, Noise, Post, Raise, Seat, Show, Source, Stakes, SummarySeat, Tournament,
                                   Uncalled)

@cython.final
cdef class _Assembly:
    cdef public object room, header, body, text, file, line_offset, currency, per, units, hero, cancelled, hand_size
    cdef public dict blinds

    cpdef hand(self)
    @cython.locals(events=list, blinds=dict, streets=dict, mucked_cards=dict)
    cpdef tuple events(self, list seats)
    cpdef shown(self, name, cards, label, int where, verb)
    cpdef claims(self, summary)

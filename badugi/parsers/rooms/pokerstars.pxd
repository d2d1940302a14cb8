# Cython declarations for pokerstars.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The assembly of one hand's line values into a ``Hand`` is an extension type: its fields are read from
# a C struct (not an instance dict) and its methods call each other directly.
cimport cython

@cython.final
cdef class _Assembly:
    cdef public object room, header, body, text, file, line_offset, currency, per, units, hero, cancelled
    cdef public dict blinds

    cpdef hand(self)
    @cython.locals(events=list, blinds=dict, streets=dict, mucked_cards=dict)
    cpdef tuple events(self, list seats)
    cpdef claims(self, summary)

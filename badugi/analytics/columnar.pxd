# Cython declarations for columnar.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The loop that reads an attribute of each of a batch's rows indexes its lists in C and calls the field's
# descriptor in C (``descriptor_api.pxd``: the name ``columnar.py`` imports its pure-Python twin by).
cimport cython
cimport badugi.analytics.descriptor_api as _descriptor_api
cimport badugi.engine.cards_api as _cards_api
from badugi.engine.record cimport Seat

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list)
cpdef list _attributes(list parent, str name)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, k=cython.Py_ssize_t, width=cython.Py_ssize_t)
cpdef _split_tuples(list parent)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list, kind=int)
cpdef list _stored(list values, store)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list, first=list, second=list)
cpdef list _combined(function, list parts)

cdef int _OTHER, _CARDS, _LEN, _ENUM, _ZERO, _SEATED, _PAID_PLAYERS, _PAID_AMOUNTS, _AMOUNTS

cpdef int _store_kind(store) except -1

@cython.locals(count=cython.Py_ssize_t, seat=Seat)
cpdef Py_ssize_t seated(tuple seats) except -1

cpdef amounts_text(amounts)

cpdef list paid_players(paid)

cpdef list paid_amounts(paid)

cpdef str enum_text(member)

cpdef bint is_zero(count) except -1

cpdef bint is_none(value)

cpdef bint is_present(value)

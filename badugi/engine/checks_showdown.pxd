# Cython declarations for checks_showdown.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.record cimport Collect, Hand, Show, SummarySeat
from badugi.engine.table cimport Table
from badugi.engine.settlement cimport Settlement
# the awards under the name checks_showdown.py imports them by: ``hand_class`` a C call
cimport badugi.engine.awards as _awards
# blocks of C integers under the name checks_showdown.py imports their pure-Python twin by
cimport badugi.engine.ints_api as _ints_api
# a player's table index by name under the name checks_showdown.py imports its pure-Python twin by (names_api.py)
cimport badugi.engine.names_api as _names_api
# a NamedTuple's item read in C under the name checks_showdown.py imports its pure-Python twin by (tuple_api.py)
cimport badugi.engine.tuple_api as _tuple_api
# a Payout's fields by their place (C integer constants)
cdef Py_ssize_t _P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE

# the hand and the walk typed: their fields read as C struct members
@cython.locals(k=Py_ssize_t)
cpdef list check_showdown(Hand hand, Walk w, Settlement s, rules)

cdef tuple _STARS_LABELS
cdef object _UNVALUED
cdef Py_ssize_t _STARS_COUNT

@cython.locals(show=Show, seat=SummarySeat, items=list, shown=Py_ssize_t, k=Py_ssize_t, same=bint, cls=Py_ssize_t,
               players=list, valued=dict, shows=Py_ssize_t)
cpdef list check_labels(Hand hand, Walk w, Settlement s, rules)

@cython.locals(t=Table, listed="Py_ssize_t *")
cpdef list check_summary(Hand hand, Walk w, Settlement s, rules)

@cython.locals(seat=SummarySeat, collect=Collect, t=Table, names=list, strangers=bint, others=list,
               j=Py_ssize_t, show=Show)
cdef _check_summary_seats(Hand hand, Walk w, Settlement s, rules, Py_ssize_t *listed, list out)

@cython.locals(folded=object, t=Table, small=bint)
cpdef _check_summary_place(Hand hand, Walk w, SummarySeat seat, Py_ssize_t j, list out)

@cython.locals(j=Py_ssize_t, t=Table)
cdef _check_summary_lists(Hand hand, Walk w, Py_ssize_t *listed, list out)

# Cython declarations for settlement.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.table cimport Table
from badugi.engine.record cimport Hand, Collect, Show, Muck, SummarySeat
# a slot set through its descriptor in C under the name settlement.py imports its pure-Python twin by (slots_api.py)
cimport badugi.engine.slots_api as _slots_api
# PotResult's fields' slot descriptors (module constants, read as C statics)
cdef object _POT_AMOUNT, _POT_ELIGIBLE, _POT_WINNERS, _POT_PAID, _POT_HALVES
# a record's allocation in C under the name settlement.py imports its pure-Python twin by (alloc_api.py)
cimport badugi.engine.alloc_api as _alloc_api
# a tuple filled item by item in place under the name settlement.py imports its pure-Python twin by (fill_api.py)
cimport badugi.engine.fill_api as _fill_api
# a NamedTuple record built in C under the name settlement.py imports its pure-Python twin by (tuple_api.py)
cimport badugi.engine.tuple_api as _tuple_api
# the awards under the name settlement.py imports them by: ``best_shown`` and ``half_classes`` C calls
cimport badugi.engine.awards as _awards
# a player's table index by name under the name settlement.py imports its pure-Python twin by (names_api.py)
cimport badugi.engine.names_api as _names_api

# a Payout's fields by their place (C integer constants)
cdef Py_ssize_t _P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE

@cython.final
cdef class Settlement:
    # set once by ``settle``; read-only from Python, C struct members to the checks and facts that cimport it
    cdef readonly tuple pots, claims, payouts, returned, collected, revealed, holdings
    cdef readonly object decided, awards_derived, rake, unsettled
    cdef readonly dict shown_classes

@cython.locals(t=Table, collected=list, valued=dict, settled=Settlement, j=Py_ssize_t)
cpdef Settlement settle(Hand hand, Walk w, rules)

@cython.locals(t=Table, seated=list, found=Py_ssize_t, count=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t,
               pot_count=Py_ssize_t, several=bint, names=list, collects=list, c=Collect)
cpdef tuple _claimed_pots(Walk w, rules, list table_pots, decided, dict valued)

@cython.locals(count=Py_ssize_t, i=Py_ssize_t)
cdef tuple _claimed_from(tuple rows, Py_ssize_t k)

@cython.locals(names=list, pots=list, payouts=list)
cpdef tuple _awarded_pots(Hand hand, Walk w, rules, list table_pots, decided)

@cython.locals(count=Py_ssize_t, k=Py_ssize_t)
cpdef _pot(amount, eligible, winners, paid, names, halves=*)

@cython.locals(count=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t)
cdef tuple _names_of(players, list names)

cpdef _pot_index(name)

@cython.locals(revealed=list, show=Show, muck=Muck, s=SummarySeat, names=list, i=Py_ssize_t)
cpdef tuple _revealed(Hand hand, Walk w)

@cython.locals(item=tuple)
cdef bint _found(list revealed, j) except -1

@cython.locals(holdings=list, stages=list, drawn=list, reached=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, item=tuple)
cpdef tuple _holdings(Walk w, tuple revealed)

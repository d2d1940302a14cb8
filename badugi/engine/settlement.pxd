# Cython declarations for settlement.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.table cimport Table

@cython.locals(t=Table, collected=list)
cpdef settle(hand, Walk w, rules)

@cython.locals(index_of=dict, rows=list, by_pot=dict, names=list, pots=list, claims=list, returned=dict)
cpdef tuple _claimed_pots(Walk w, rules, list table_pots, decided)

@cython.locals(names=list, pots=list, payouts=list)
cpdef tuple _awarded_pots(hand, Walk w, rules, list table_pots, decided)

@cython.locals(revealed=list, seen=set)
cpdef tuple _revealed(hand, Walk w)

@cython.locals(holdings=list, stages=list, drawn=list, reached=Py_ssize_t, k=Py_ssize_t)
cpdef tuple _holdings(Walk w, tuple revealed)

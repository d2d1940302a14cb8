# Cython declarations for allin_hand.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Positions, streets and counts are C integers; the sets and lists are typed (no generic protocol calls).
cimport cython

cpdef Py_ssize_t closed_street(w) except -1

@cython.locals(street=Py_ssize_t, draws_left=Py_ssize_t, n=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, dead=set,
               known=set, contenders=list, out=list)
cpdef list hand_ev(w, s)

@cython.locals(paid=list, total=object, every_pot_paid=bint, paid_within=bint, paid_here=object, index_of=dict)
cdef list _pots(w, s)

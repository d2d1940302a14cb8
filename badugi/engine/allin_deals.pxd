# Cython declarations for allin_deals.py (an augmenting .pxd: the .py file stays the pure-Python source).
# C integers only for positions and counts (card masks stay Python ints: up to 52 bits, read with bit_count).
cimport cython
from badugi.engine.allin_policy cimport Counter
from badugi.engine.allin_badugi cimport badugi_count

cdef _kept_cards(run, mask)

@cython.locals(size=Py_ssize_t, m=Py_ssize_t, n=Py_ssize_t, k=Py_ssize_t, end=Py_ssize_t, t=Py_ssize_t,
               i=Py_ssize_t, j=Py_ssize_t, _=Py_ssize_t, _try=Py_ssize_t, _card=Py_ssize_t, card=Py_ssize_t,
               x=double, best=Py_ssize_t, cls=Py_ssize_t, winner=Py_ssize_t, tied=bint,
               cards=list, masks=list, start=list, first=list, fixed_class=list, steps=list, sums=list,
               squares=list, unknown=list, place=dict, moved=dict, card_bit=tuple, counted=Counter)
cpdef tuple _monte_carlo(run, list pool, Py_ssize_t samples, seed)

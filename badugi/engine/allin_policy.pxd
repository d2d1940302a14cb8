# Cython declarations for allin_policy.py (an augmenting .pxd: the .py file stays the pure-Python source).
# A card mask has at most 52 bits: an unsigned 64-bit C integer holds it and every pattern of five cards.
cimport cython

@cython.locals(rest="unsigned long long", pattern="unsigned long long", kept="unsigned long long",
               one="unsigned long long", packed="unsigned long long", count=Py_ssize_t, k=Py_ssize_t,
               card=Py_ssize_t, rank=Py_ssize_t, last=Py_ssize_t, ranks=Py_ssize_t, bit=Py_ssize_t, p=Py_ssize_t,
               chosen=tuple, card_of=tuple, class_of=tuple)
cpdef tuple _count_badugi(bint ace_high, dict by_pattern, tuple rank_bit, unsigned long long mask)

cdef class Counter:
    cdef public object compute
    cdef public dict memo
    @cython.locals(found=tuple, memo=dict)
    cpdef tuple count(self, mask)

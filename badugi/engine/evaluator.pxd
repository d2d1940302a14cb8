# Cython declarations for evaluator.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython

cdef tuple _SUBSETS

@cython.locals(n=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t, by_rank=tuple, subsets=tuple, subset=tuple, k=Py_ssize_t,
               size=Py_ssize_t, best=Py_ssize_t, ranks=Py_ssize_t, suits=Py_ssize_t, rank=Py_ssize_t, suit=Py_ssize_t,
               cls=Py_ssize_t)
cpdef _class_by_subsets(cards)

# a card mask: 52 bits fit a C integer (each card is checked to be 0..51 before it is shifted by)
@cython.locals(mask=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t)
cpdef _mask_of(cards)

# (a C function for the modules that cimport this one: ``awards.hand_class``)
@cython.locals(count=Py_ssize_t)
cpdef class_of(cards)

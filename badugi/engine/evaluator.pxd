# Cython declarations for evaluator.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, held="Py_ssize_t[5]")
cpdef _class_by_subsets(cards)

# a card mask: 52 bits fit a C integer (each card is checked to be 0..51 before it is shifted by)
@cython.locals(mask=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t)
cpdef _mask_of(cards)

# (a C function for the modules that cimport this one: ``awards.hand_class``)
# the cards as C integers in a C array (``held``), walked by ``_held_class`` without a Python object
@cython.locals(count=Py_ssize_t, held="Py_ssize_t[5]", mask=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t)
cpdef class_of(cards)

cdef Py_ssize_t _SUBSET_ORDER[31]
cdef Py_ssize_t _SUBSET_SIZE[31]
cdef tuple _CLASS_BY_RANK_MASK

@cython.locals(rank_bits="Py_ssize_t[5]", suit_bits="Py_ssize_t[5]", suits=Py_ssize_t, k=Py_ssize_t, full=Py_ssize_t, best=Py_ssize_t, size=Py_ssize_t,
               e=Py_ssize_t, subset=Py_ssize_t, ranks=Py_ssize_t, valid=bint, cls=Py_ssize_t)
cdef Py_ssize_t _held_class(Py_ssize_t *held, Py_ssize_t n) except -1

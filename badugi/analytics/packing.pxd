# Cython declarations for packing.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The loops' indexes and sums are C integers, the values' list is indexed in C, the bitmaps are bytearrays
# (an item read and written in C), the offsets and a fixed-width column's data typed memoryviews of their
# bytearrays (``numbers`` is compiled once per C type of ``fixed``, chosen by the view's format).
cimport cython

ctypedef fused fixed:
    short
    int
    long long
    double

@cython.locals(n=cython.Py_ssize_t, size=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t,
               bits=bytearray, valid=bytearray)
cpdef booleans(list values)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, total=cython.Py_ssize_t,
               offsets=bytearray, ends="int[:]", valid=bytearray, text=str)
cpdef strings(list values)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, valid=bytearray)
cpdef numbers(list values, fixed[:] data, bint floats)

cdef bytearray _cleared(bytearray valid, Py_ssize_t n, Py_ssize_t i)

@cython.locals(i=cython.Py_ssize_t, total=cython.Py_ssize_t)
cpdef Py_ssize_t _utf8_ends(list values, int[:] ends)

# Cython declarations for packing.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The loops' indexes and sums are C integers, the values' list is indexed in C, the bitmaps are bytearrays
# (an item read and written in C), the offsets and a fixed-width column's data typed memoryviews of their
# bytearrays (``numbers`` is compiled once per C type of ``fixed``, chosen by the view's format; a boolean
# column's bits and an ASCII string column are written by the C loops of ``descriptor_api.pxd``); a time's
# fields are read from its C struct (``cpython.datetime``) and summed in C. The module's first line turns off
# Cython's bounds and wraparound checks: every index is in range by construction (a loop over ``range(n)``
# of a list of ``n`` values, buffers and bitmaps made for ``n`` values; callgrind, ``to_arrow``: -2.5k
# instructions a hand).
cimport cython
cimport badugi.analytics.descriptor_api as _descriptor_api
from cpython.datetime cimport datetime as c_datetime

ctypedef fused fixed:
    short
    int
    long long
    double

@cython.locals(n=cython.Py_ssize_t, size=cython.Py_ssize_t, bits=bytearray, valid=bytearray)
cpdef booleans(list values)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef bint flag_bits(list values, long long mask, long long[:] words, long long[:] known) except -1

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, count=cython.longlong)
cpdef bint count_fields(list values, int shift, long long bit, long long[:] words, long long[:] known) except -1

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, total=cython.Py_ssize_t,
               offsets=bytearray, ends="int[:]", valid=bytearray, text=str, data=bytes)
cpdef strings(list values)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, valid=bytearray)
cpdef numbers(list values, fixed[:] data, bint floats)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, valid=bytearray)
cpdef timestamps(list values, long long[:] data)

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, nulls=cython.Py_ssize_t, items=list, valid=bytearray)
cpdef list_items(list values, int[:] ends)

@cython.locals(year=cython.longlong, era=cython.longlong, of_era=cython.longlong, month=cython.longlong,
               of_year=cython.longlong, days=cython.longlong, seconds=cython.longlong)
cdef long long _microseconds(c_datetime moment)

cdef inline bytearray _cleared(bytearray valid, Py_ssize_t n, Py_ssize_t i)

@cython.locals(i=cython.Py_ssize_t, total=cython.Py_ssize_t)
cpdef Py_ssize_t _utf8_ends(list values, int[:] ends)

# Cython declarations for twister.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The state is a C array of 624 unsigned 32-bit words and the doubles a C array of 312; the seeding runs on
# unsigned 64-bit integers masked to 32 bits exactly where the Python source masks them, the twist and the
# tempering on unsigned 32-bit ones (bits past 32 are masked off in the source: the same words either way).
cimport cython

cdef Py_ssize_t _N, _M, _DOUBLES
cdef unsigned long long _WORD
cdef unsigned int _UPPER, _LOWER, _MATRIX, _TEMPER_B, _TEMPER_C
cdef unsigned int _START[624]

@cython.final
cdef class Twister:
    cdef unsigned int state[624]
    cdef double block[312]
    cdef Py_ssize_t pos

    @cython.locals(mt="unsigned int *", x="unsigned long long", w="unsigned long long", i=Py_ssize_t,
                   j=Py_ssize_t, n=Py_ssize_t, _=Py_ssize_t, words=list)
    cdef _seed(self, seed)
    cpdef double random(self) noexcept
    @cython.locals(mt="unsigned int *", block="double *", a="unsigned int", b="unsigned int", k=Py_ssize_t)
    cpdef void refill(self) noexcept
    @cython.locals(mt="unsigned int *", y="unsigned int", k=Py_ssize_t)
    cdef void _twist(self) noexcept

cpdef Twister stream(seed)

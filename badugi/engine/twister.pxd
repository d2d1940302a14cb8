# Cython declarations for twister.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The state is a C array of 624 unsigned 32-bit words; the arithmetic runs on unsigned 64-bit integers and
# is masked to 32 bits exactly where the Python source masks it (the same words either way).
cimport cython

cdef Py_ssize_t _N, _M
cdef unsigned long long _WORD, _UPPER, _LOWER, _MATRIX, _TEMPER_B, _TEMPER_C

@cython.final
cdef class Twister:
    cdef unsigned int state[624]
    cdef Py_ssize_t index

    @cython.locals(mt="unsigned int *", x="unsigned long long", w="unsigned long long", i=Py_ssize_t,
                   j=Py_ssize_t, n=Py_ssize_t, _=Py_ssize_t, words=list)
    cdef _seed(self, seed)
    @cython.locals(a="unsigned long long", b="unsigned long long")
    cpdef double random(self) noexcept
    @cython.locals(y="unsigned long long")
    cdef inline unsigned long long _word(self) noexcept
    @cython.locals(mt="unsigned int *", y="unsigned long long", k=Py_ssize_t)
    cdef void _twist(self) noexcept

cpdef Twister stream(seed)

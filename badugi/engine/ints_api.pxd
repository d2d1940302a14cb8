# C declarations only (never compiled on its own): ``zeros(n)`` is a block of ``n`` C integers (``Py_ssize_t``) set
# to 0, from Python's allocator, that ``free`` gives back; the caller indexes it as it would a list of ints, on C
# integers (no int object made, read or freed per item). Its pure-Python twin is ``ints_api.py`` (a list of zeros).
cdef extern from *:
    """
    static Py_ssize_t *badugi_ints_zeros(Py_ssize_t n) {
        Py_ssize_t *made = (Py_ssize_t *)PyMem_Calloc(n > 0 ? (size_t)n : 1, sizeof(Py_ssize_t));
        if (made == NULL) {
            PyErr_NoMemory();
        }
        return made;
    }
    """
    Py_ssize_t *zeros "badugi_ints_zeros" (Py_ssize_t n) except NULL
    void free "PyMem_Free" (void *block)

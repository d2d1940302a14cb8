# C declarations only (never compiled on its own): ``descr_get`` is the descriptor's own ``tp_descr_get`` slot,
# called in C. Its pure-Python twin is ``descriptor_api.py`` (``descriptor.__get__``).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_descr_get(PyObject *descriptor, PyObject *row, PyObject *owner) {
        return Py_TYPE(descriptor)->tp_descr_get(descriptor, row, owner);
    }
    """
    object descr_get "badugi_descr_get" (object descriptor, object row, object owner)

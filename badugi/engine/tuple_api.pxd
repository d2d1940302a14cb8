# C declarations only (never compiled on its own): ``record`` builds an instance of a tuple subclass from an exact
# tuple of its values as ``tuple.__new__(cls, values)`` does (the type's ``tp_alloc``, each item copied with a
# new reference), called in C. Its pure-Python twin is ``tuple_api.py`` (``tuple.__new__``).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_tuple_record(PyTypeObject *type, PyObject *values) {
        Py_ssize_t n = PyTuple_GET_SIZE(values);
        PyObject *made = type->tp_alloc(type, n);
        if (made == NULL) {
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(values, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(made, i, item);
        }
        return made;
    }
    """
    object record "badugi_tuple_record" (type cls, tuple values)

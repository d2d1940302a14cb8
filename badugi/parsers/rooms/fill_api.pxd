# C declarations only (never compiled on its own): a tuple made at its final size and filled in place, where a list was
# appended to and copied into a tuple (``_Assembly``'s events, seats and summary rows: one list, its growth and its copy
# less a record). ``new(n)`` is a tuple of ``n`` items not yet set (``PyTuple_New``), ``put(values, k, value)`` sets item
# ``k`` (an IndexError past its size; each item set once, in order), ``head(values, k)`` is a new tuple of its first
# ``k`` items (those set) and ``done(values)`` the tuple itself, once every item is set (a SystemError if one is not:
# never handed on half made). Pure-Python twins in ``fill_api.py`` (a list, and ``tuple`` of it at the end).
# ``record_new(cls, n)``, ``record_put`` and ``record_done(cls, values)`` are the same for a record of a tuple class
# (a ``NamedTuple``: ``cls.__new__`` not called, the record made as ``tuple.__new__(cls, values)`` makes it): made by
# its type's ``tp_alloc`` with ``n`` items not yet set and filled in place, where ``tuple_api.record`` copied a tuple of
# the values made first (and freed).
cdef extern from *:
    """
    static CYTHON_INLINE int badugi_fill_put(PyObject *values, Py_ssize_t k, PyObject *value) {
        if (k < 0 || k >= PyTuple_GET_SIZE(values) || PyTuple_GET_ITEM(values, k) != NULL) {
            PyErr_SetString(PyExc_IndexError, "fill_api.put: no such item to set");
            return -1;
        }
        Py_INCREF(value);
        PyTuple_SET_ITEM(values, k, value);
        return 0;
    }

    static CYTHON_INLINE PyObject *badugi_fill_done(PyObject *values) {
        Py_ssize_t n = PyTuple_GET_SIZE(values);
        for (Py_ssize_t i = 0; i < n; i++) {
            if (PyTuple_GET_ITEM(values, i) == NULL) {
                PyErr_SetString(PyExc_SystemError, "fill_api.done: an item not set");
                return NULL;
            }
        }
        Py_INCREF(values);
        return values;
    }

    static CYTHON_INLINE PyObject *badugi_fill_record_new(PyTypeObject *type, Py_ssize_t n) {
        return type->tp_alloc(type, n);
    }

    static CYTHON_INLINE PyObject *badugi_fill_record_done(PyTypeObject *type, PyObject *values) {
        (void)type;
        return badugi_fill_done(values);
    }
    """
    tuple new "PyTuple_New" (Py_ssize_t n)
    int put "badugi_fill_put" (tuple values, Py_ssize_t k, object value) except -1
    tuple head "PyTuple_GetSlice" (tuple values, Py_ssize_t start, Py_ssize_t k)
    tuple done "badugi_fill_done" (tuple values)
    object record_new "badugi_fill_record_new" (type cls, Py_ssize_t n)
    int record_put "badugi_fill_put" (object values, Py_ssize_t k, object value) except -1
    object record_done "badugi_fill_record_done" (type cls, object values)

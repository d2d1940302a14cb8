# C declarations only (never compiled on its own): a tuple made at its final size and filled in place, where a list was
# appended to and copied into a tuple (``_Assembly``'s events, seats and summary rows: one list, its growth and its copy
# less a record). ``new(n)`` is a tuple of ``n`` items not yet set (``PyTuple_New``), ``put(values, k, value)`` sets item
# ``k`` (an IndexError past its size; each item set once, in order), ``head(values, k)`` is a new tuple of its first
# ``k`` items (those set) and ``done(values)`` the tuple itself, once every item is set (a SystemError if one is not:
# never handed on half made). Pure-Python twins in ``fill_api.py`` (a list, and ``tuple`` of it at the end).
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
    """
    tuple new "PyTuple_New" (Py_ssize_t n)
    int put "badugi_fill_put" (tuple values, Py_ssize_t k, object value) except -1
    tuple head "PyTuple_GetSlice" (tuple values, Py_ssize_t start, Py_ssize_t k)
    tuple done "badugi_fill_done" (tuple values)

# C declarations only (never compiled on its own): ``descr_get`` is the descriptor's own ``tp_descr_get`` slot,
# called in C (``attribute_column``: for each row of a list, ``None`` where a row is of another type);
# ``tuple_item`` is ``PyTuple_GET_ITEM`` (the caller checks ``row`` is a tuple and ``k`` in range);
# ``tuple_column`` the list of item ``k`` of every row (a list of such tuples); ``field`` is ``row[k]``, read in C
# where ``row`` is a tuple (a ``NamedTuple`` 's field by its place) and ``k`` in range. Their pure-Python twins are in
# ``descriptor_api.py``.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_descr_get(PyObject *descriptor, PyObject *row, PyObject *owner) {
        return Py_TYPE(descriptor)->tp_descr_get(descriptor, row, owner);
    }
    static PyObject *badugi_attribute_column(PyObject *rows, PyObject *descriptor, PyObject *owner) {
        Py_ssize_t n = PyList_GET_SIZE(rows);
        descrgetfunc get = Py_TYPE(descriptor)->tp_descr_get;
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *row = PyList_GET_ITEM(rows, i);
            PyObject *value;
            if (row == Py_None) {
                value = Py_None;
                Py_INCREF(value);
            } else if ((PyObject *) Py_TYPE(row) == owner) {
                value = get(descriptor, row, owner);
                if (value == NULL) {
                    Py_DECREF(column);
                    return NULL;
                }
            } else {
                Py_DECREF(column);
                Py_RETURN_NONE;
            }
            PyList_SET_ITEM(column, i, value);
        }
        return column;
    }
    static CYTHON_INLINE PyObject *badugi_tuple_item(PyObject *row, Py_ssize_t k) {
        PyObject *item = PyTuple_GET_ITEM(row, k);  /* borrowed: a new reference returned */
        Py_INCREF(item);
        return item;
    }
    static CYTHON_INLINE PyObject *badugi_field(PyObject *row, Py_ssize_t k) {
        if (PyTuple_Check(row) && k >= 0 && k < PyTuple_GET_SIZE(row)) {
            PyObject *item = PyTuple_GET_ITEM(row, k);
            Py_INCREF(item);
            return item;
        }
        return PySequence_GetItem(row, k);
    }
    static PyObject *badugi_tuple_column(PyObject *rows, Py_ssize_t k) {
        Py_ssize_t n = PyList_GET_SIZE(rows);
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(PyList_GET_ITEM(rows, i), k);
            Py_INCREF(item);
            PyList_SET_ITEM(column, i, item);
        }
        return column;
    }
    """
    object descr_get "badugi_descr_get" (object descriptor, object row, object owner)
    object attribute_column "badugi_attribute_column" (list rows, object descriptor, object owner)
    object tuple_item "badugi_tuple_item" (object row, Py_ssize_t k)
    list tuple_column "badugi_tuple_column" (list rows, Py_ssize_t k)
    object field "badugi_field" (object row, Py_ssize_t k)

# C declarations only (never compiled on its own): ``descr_get`` is the descriptor's own ``tp_descr_get`` slot,
# called in C; ``tuple_item`` is ``PyTuple_GET_ITEM`` (the caller checks ``row`` is a tuple and ``k`` in range).
# Their pure-Python twins are in ``descriptor_api.py`` (``descriptor.__get__``, ``row[k]``).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_descr_get(PyObject *descriptor, PyObject *row, PyObject *owner) {
        return Py_TYPE(descriptor)->tp_descr_get(descriptor, row, owner);
    }
    static CYTHON_INLINE PyObject *badugi_tuple_item(PyObject *row, Py_ssize_t k) {
        PyObject *item = PyTuple_GET_ITEM(row, k);  /* borrowed: a new reference returned */
        Py_INCREF(item);
        return item;
    }
    """
    object descr_get "badugi_descr_get" (object descriptor, object row, object owner)
    object tuple_item "badugi_tuple_item" (object row, Py_ssize_t k)

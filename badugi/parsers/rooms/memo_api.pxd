# C declarations only (never compiled on its own): ``get`` is a memo's ``get`` as a C call. A ``Memo`` (a direct
# subclass of dict that keeps dict's ``get``) is looked up by ``PyDict_GetItemWithError``; any other memo (a
# ``CountingMemo``, whose ``get`` counts) through its own ``get`` method. Its pure-Python twin is ``memo_api.py``.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_memo_get(PyObject *memo, PyObject *key) {
        PyObject *value;
        if (Py_TYPE(memo)->tp_base == &PyDict_Type) {
            value = PyDict_GetItemWithError(memo, key);  /* borrowed */
            if (value == NULL) {
                if (PyErr_Occurred()) {
                    return NULL;
                }
                value = Py_None;
            }
            Py_INCREF(value);
            return value;
        }
        return PyObject_CallMethod(memo, "get", "O", key);
    }
    """
    object get "badugi_memo_get" (object memo, object key)

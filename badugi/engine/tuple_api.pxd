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

# ``with_item(values, k, value)``: the tuple ``values`` with item ``k`` (0 <= k < len(values), checked by the
# caller) replaced by ``value``, as ``values[:k] + (value,) + values[k + 1:]`` makes it. Pure twin: tuple_api.py.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_tuple_with_item(PyObject *values, Py_ssize_t k, PyObject *value) {
        Py_ssize_t n = PyTuple_GET_SIZE(values);
        PyObject *made = PyTuple_New(n);
        if (made == NULL) {
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = i == k ? value : PyTuple_GET_ITEM(values, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(made, i, item);
        }
        return made;
    }
    """
    tuple with_item "badugi_tuple_with_item" (tuple values, Py_ssize_t k, object value)

# ``moved(cls, values)``: ``record(cls, values)`` for a tuple made for this call alone (a tuple display written in the
# call): when the caller holds its only reference, the items move into the record (no new reference each, and none
# dropped when the emptied tuple is freed); otherwise it copies as ``record`` does. Pure twin: tuple_api.py.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_tuple_moved(PyTypeObject *type, PyObject *values) {
        if (Py_REFCNT(values) != 1 || !PyTuple_CheckExact(values)) {
            return badugi_tuple_record(type, values);  /* held elsewhere too: copied */
        }
        Py_ssize_t n = PyTuple_GET_SIZE(values);
        PyObject *made = type->tp_alloc(type, n);
        if (made == NULL) {
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyTuple_SET_ITEM(made, i, PyTuple_GET_ITEM(values, i));
            PyTuple_SET_ITEM(values, i, NULL);
        }
        return made;
    }
    """
    object moved "badugi_tuple_moved" (type cls, tuple values)

# ``item(values, k)``: ``values[k]`` for a tuple (of any tuple class: a NamedTuple's too) and 0 <= k < len(values),
# read in C (``PyTuple_GET_ITEM``), where indexing a NamedTuple went through its class's ``__getitem__`` slot in Python
# (~780 instructions) and its field's name through a descriptor (~120). Anything else raises as the index would (a
# TypeError, an IndexError). Pure twin: tuple_api.py.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_tuple_item(PyObject *values, Py_ssize_t k) {
        PyObject *item;
        if (!PyTuple_Check(values)) {
            PyObject *key = PyLong_FromSsize_t(k);
            if (key == NULL) return NULL;
            item = PyObject_GetItem(values, key);
            Py_DECREF(key);
            return item;
        }
        if (k < 0 || k >= PyTuple_GET_SIZE(values)) {
            PyErr_SetString(PyExc_IndexError, "tuple index out of range");
            return NULL;
        }
        item = PyTuple_GET_ITEM(values, k);
        Py_INCREF(item);
        return item;
    }
    """
    object item "badugi_tuple_item" (object values, Py_ssize_t k)

# C declarations only (never compiled on its own): ``set_slot(descr, obj, value)`` sets ``obj``'s field through its
# class's member descriptor ``descr`` (the descriptor type's ``tp_descr_set`` slot: what ``object.__setattr__`` calls
# once it has found the descriptor by name). Its pure-Python twin is ``slots_api.py`` (``descr.__set__``).
cdef extern from *:
    """
    static CYTHON_INLINE int badugi_set_slot(PyObject *descr, PyObject *obj, PyObject *value) {
        descrsetfunc set = Py_TYPE(descr)->tp_descr_set;
        if (set == NULL) {
            PyErr_SetString(PyExc_TypeError, "set_slot: not a data descriptor");
            return -1;
        }
        return set(descr, obj, value);
    }
    """
    int set_slot "badugi_set_slot" (object descr, object obj, object value) except -1

# C declarations only (never compiled on its own): ``new(cls)`` is an instance of ``cls`` made as ``object.__new__(cls)``
# makes it (the type's ``tp_alloc``; an abstract class through ``object``'s own ``tp_new``, which refuses it), called in
# C instead of through Python's protocol, which parses its arguments (~265 instructions a call, callgrind). Its
# pure-Python twin is ``alloc_api.py`` (``object.__new__``).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_alloc_new(PyTypeObject *type) {
        if (type->tp_flags & Py_TPFLAGS_IS_ABSTRACT) {
            PyObject *args = PyTuple_New(0);
            if (args == NULL) {
                return NULL;
            }
            PyObject *made = PyBaseObject_Type.tp_new(type, args, NULL);
            Py_DECREF(args);
            return made;
        }
        return type->tp_alloc(type, 0);
    }
    """
    object new "badugi_alloc_new" (type cls)

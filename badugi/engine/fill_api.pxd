# C declarations only (never compiled on its own): a tuple record (an exact tuple or a ``NamedTuple``) made empty with
# its type's ``tp_alloc`` (``new``), its items then stored in place (``put``: one item; ``put_bits``: ``count`` bools
# from the bits of a C integer, bit ``i`` to item ``k + i``) and the record given back (``done``). The caller sets
# every item once at ``0 <= k < n`` (its own constants: not checked here) before ``done`` and reads nothing before;
# an item never set stays NULL, which a tuple's deallocation and traversal skip. Pure twin: ``fill_api.py``.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_fill_new(PyTypeObject *type, Py_ssize_t n) {
        return type->tp_alloc(type, n);
    }
    static CYTHON_INLINE int badugi_fill_put(PyObject *made, Py_ssize_t k, PyObject *value) {
        Py_INCREF(value);
        PyTuple_SET_ITEM(made, k, value);
        return 0;
    }
    static CYTHON_INLINE int badugi_fill_put_bits(PyObject *made, Py_ssize_t k, Py_ssize_t bits, Py_ssize_t count) {
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *flag = (bits >> i) & 1 ? Py_True : Py_False;
            Py_INCREF(flag);
            PyTuple_SET_ITEM(made, k + i, flag);
        }
        return 0;
    }
    static CYTHON_INLINE PyObject *badugi_fill_done(PyTypeObject *type, PyObject *made) {
        Py_INCREF(made);
        return made;
    }
    """
    object new "badugi_fill_new" (type cls, Py_ssize_t n)
    int put "badugi_fill_put" (object made, Py_ssize_t k, object value) noexcept
    int put_bits "badugi_fill_put_bits" (object made, Py_ssize_t k, Py_ssize_t bits, Py_ssize_t count) noexcept
    object done "badugi_fill_done" (type cls, object made)

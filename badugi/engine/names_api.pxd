# C declarations only (never compiled on its own). Pure-Python twin: ``names_api.py``.
# ``seat_index(names, player)``: the last index of ``names`` (a list) whose name equals ``player``, else -1, as
# ``Table.index_of.get(player, -1)`` answers: exact strings compared by length, kind and bytes (no hash computed),
# anything else with ``==``. -2 with an exception set where ``==`` raised.
cdef extern from *:
    """
    static Py_ssize_t badugi_seat_index(PyObject *names, PyObject *player) {
        Py_ssize_t i;
        if (PyUnicode_CheckExact(player) && PyUnicode_READY(player) == 0) {
            Py_ssize_t length = PyUnicode_GET_LENGTH(player);
            int kind = PyUnicode_KIND(player);
            const void *data = PyUnicode_DATA(player);
            for (i = PyList_GET_SIZE(names) - 1; i >= 0; i--) {
                PyObject *name = PyList_GET_ITEM(names, i);
                if (name == player) {
                    return i;
                }
                if (PyUnicode_CheckExact(name)) {
                    if (PyUnicode_READY(name) == 0 && PyUnicode_GET_LENGTH(name) == length
                            && PyUnicode_KIND(name) == kind
                            && memcmp(PyUnicode_DATA(name), data, (size_t)length * (size_t)kind) == 0) {
                        return i;
                    }
                    continue;
                }
                goto general;
            }
            return -1;
        }
    general:
        for (i = PyList_GET_SIZE(names) - 1; i >= 0; i--) {
            PyObject *name;
            int equal;
            if (i >= PyList_GET_SIZE(names)) {
                continue;
            }
            name = PyList_GET_ITEM(names, i);
            Py_INCREF(name);
            equal = PyObject_RichCompareBool(name, player, Py_EQ);
            Py_DECREF(name);
            if (equal < 0) {
                return -2;
            }
            if (equal) {
                return i;
            }
        }
        return -1;
    }
    """
    Py_ssize_t seat_index "badugi_seat_index" (list names, object player) except -2

# ``same_text(value, word)``: ``value == word`` for a ``str`` word: exact strings compared by length, kind and bytes,
# anything else with ``==`` (-1 with an exception set where it raised).
cdef extern from *:
    """
    static int badugi_same_text(PyObject *value, PyObject *word) {
        if (value == word) {
            return 1;
        }
        if (PyUnicode_CheckExact(value) && PyUnicode_CheckExact(word) && PyUnicode_READY(value) == 0
                && PyUnicode_READY(word) == 0) {
            Py_ssize_t length = PyUnicode_GET_LENGTH(value);
            return length == PyUnicode_GET_LENGTH(word) && PyUnicode_KIND(value) == PyUnicode_KIND(word)
                && memcmp(PyUnicode_DATA(value), PyUnicode_DATA(word),
                          (size_t)length * (size_t)PyUnicode_KIND(value)) == 0;
        }
        return PyObject_RichCompareBool(value, word, Py_EQ);
    }
    """
    bint same_text "badugi_same_text" (object value, object word) except -1

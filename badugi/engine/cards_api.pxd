# C declarations only (never compiled on its own): ``spaced_names`` writes the room notation of a tuple or list of
# cards 0..51 ("As 2d 3h") into one ASCII string, or answers None (no error) for anything else so that the caller
# joins as before. Its pure-Python twin is ``cards_api.py`` (always None).
cdef extern from *:
    """
    static PyObject *badugi_spaced_names(PyObject *cards) {
        static const char ranks[] = "A23456789TJQK";
        static const char suits[] = "cdhs";
        char text[3 * 16];
        Py_ssize_t n, i;
        PyObject **items;
        if (PyTuple_CheckExact(cards)) {
            n = PyTuple_GET_SIZE(cards);
            items = ((PyTupleObject *)cards)->ob_item;
        } else if (PyList_CheckExact(cards)) {
            n = PyList_GET_SIZE(cards);
            items = ((PyListObject *)cards)->ob_item;
        } else {
            Py_RETURN_NONE;
        }
        if (n < 1 || n > 16) {
            Py_RETURN_NONE;
        }
        for (i = 0; i < n; i++) {
            PyObject *item = items[i];
            int overflow = 0;
            long card;
            if (!PyLong_Check(item)) {
                Py_RETURN_NONE;
            }
            card = PyLong_AsLongAndOverflow(item, &overflow);
            if (card == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                Py_RETURN_NONE;
            }
            if (overflow || card < 0 || card > 51) {
                Py_RETURN_NONE;
            }
            text[3 * i] = ranks[card >> 2];
            text[3 * i + 1] = suits[card & 3];
            text[3 * i + 2] = ' ';
        }
        return PyUnicode_DecodeASCII(text, 3 * n - 1, NULL);
    }
    """
    object spaced_names "badugi_spaced_names" (object cards)

# ``repeats(cards)``: 0 where cards is a tuple or list of ints 0..51 with none twice, else 1 (a card twice, or not
# known here: the caller checks with a set). Pure twin: cards_api.py (always True).
cdef extern from *:
    """
    static int badugi_cards_repeat(PyObject *cards) {
        Py_ssize_t n, i;
        PyObject **items;
        unsigned long long seen = 0;
        if (PyTuple_CheckExact(cards)) {
            n = PyTuple_GET_SIZE(cards);
            items = ((PyTupleObject *)cards)->ob_item;
        } else if (PyList_CheckExact(cards)) {
            n = PyList_GET_SIZE(cards);
            items = ((PyListObject *)cards)->ob_item;
        } else {
            return 1;
        }
        for (i = 0; i < n; i++) {
            PyObject *item = items[i];
            int overflow = 0;
            long card;
            if (!PyLong_Check(item)) {
                return 1;
            }
            card = PyLong_AsLongAndOverflow(item, &overflow);
            if (card == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                return 1;
            }
            if (overflow || card < 0 || card > 51 || (seen >> card) & 1ULL) {
                return 1;
            }
            seen |= 1ULL << card;
        }
        return 0;
    }
    """
    bint repeats "badugi_cards_repeat" (object cards)

# C declarations only (never compiled on its own). Pure-Python twins: ``cards_api.py``.
# ``spaced_names(cards)`` writes the room notation of a tuple or list of cards 0..51 ("As 2d 3h") into one ASCII
# string, or answers None (no error) for anything else so that the caller joins as before (twin: always None).
# ``repeats(cards)``: 0 where cards is a tuple or list of ints 0..51 with none twice, else 1 (a card twice, or not
# known here: the caller checks with a set; twin: always True).
cdef extern from *:
    """
    /* The items of a tuple or list (0 for anything else). */
    static int badugi_card_items(PyObject *cards, Py_ssize_t *n, PyObject ***items) {
        if (PyTuple_CheckExact(cards)) {
            *n = PyTuple_GET_SIZE(cards);
            *items = ((PyTupleObject *)cards)->ob_item;
            return 1;
        }
        if (PyList_CheckExact(cards)) {
            *n = PyList_GET_SIZE(cards);
            *items = ((PyListObject *)cards)->ob_item;
            return 1;
        }
        return 0;
    }

    /* An int 0..51 as a C long, else -1 (no error set). */
    static long badugi_card_number(PyObject *item) {
        int overflow = 0;
        long card;
        if (!PyLong_Check(item)) {
            return -1;
        }
        card = PyLong_AsLongAndOverflow(item, &overflow);
        if (card == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return -1;
        }
        return (overflow || card < 0 || card > 51) ? -1 : card;
    }

    static PyObject *badugi_spaced_names(PyObject *cards) {
        static const char ranks[] = "A23456789TJQK";
        static const char suits[] = "cdhs";
        char text[3 * 16];
        Py_ssize_t n, i;
        PyObject **items;
        if (!badugi_card_items(cards, &n, &items) || n < 1 || n > 16) {
            Py_RETURN_NONE;
        }
        for (i = 0; i < n; i++) {
            long card = badugi_card_number(items[i]);
            if (card < 0) {
                Py_RETURN_NONE;
            }
            text[3 * i] = ranks[card >> 2];
            text[3 * i + 1] = suits[card & 3];
            text[3 * i + 2] = ' ';
        }
        return PyUnicode_DecodeASCII(text, 3 * n - 1, NULL);
    }

    static int badugi_cards_repeat(PyObject *cards) {
        Py_ssize_t n, i;
        PyObject **items;
        unsigned long long seen = 0;
        if (!badugi_card_items(cards, &n, &items)) {
            return 1;
        }
        for (i = 0; i < n; i++) {
            long card = badugi_card_number(items[i]);
            if (card < 0 || (seen >> card) & 1ULL) {
                return 1;
            }
            seen |= 1ULL << card;
        }
        return 0;
    }
    """
    object spaced_names "badugi_spaced_names" (object cards)
    bint repeats "badugi_cards_repeat" (object cards)

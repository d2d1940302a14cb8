# C declarations only (never compiled on its own): ``starts_at``, ``ends`` and ``ends_at`` are ``str.startswith(word,
# at)``, ``str.endswith(word)`` and ``str.endswith(word, start, end)`` for one word, in C: the positions adjusted as
# CPython's ``tailmatch`` adjusts them, then the word compared with the text's characters in place (``memcmp`` where
# both are of one kind, after their first bytes, else character by character). ``is_ascii`` is ``str.isascii()``
# (the string's own flag). Their pure-Python twins are in ``text_api.py``.
cdef extern from *:
    """
    #include <string.h>

    static CYTHON_INLINE int badugi_text_match(PyObject *text, PyObject *word, Py_ssize_t start, Py_ssize_t end,
                                               int at_end) {
        Py_ssize_t size, n, offset, i;
        int kind, word_kind;
        const void *data, *word_data;
        if (text == Py_None || word == Py_None) {
            PyErr_SetString(PyExc_AttributeError, "'NoneType' object has no attribute 'startswith'");
            return -1;
        }
        size = PyUnicode_GET_LENGTH(text);
        n = PyUnicode_GET_LENGTH(word);
        if (end > size) {
            end = size;
        } else if (end < 0) {
            end += size;
            if (end < 0) end = 0;
        }
        if (start < 0) {
            start += size;
            if (start < 0) start = 0;
        }
        end -= n;
        if (end < start) return 0;
        if (n == 0) return 1;
        offset = at_end ? end : start;
        kind = PyUnicode_KIND(text);
        word_kind = PyUnicode_KIND(word);
        data = PyUnicode_DATA(text);
        word_data = PyUnicode_DATA(word);
        if (kind == word_kind) {
            /* the first byte first: most tests fail there, without a call */
            if (((const char *)data)[offset * kind] != ((const char *)word_data)[0]) return 0;
            return memcmp((const char *)data + offset * kind, word_data, (size_t)(n * kind)) == 0;
        }
        for (i = 0; i < n; i++) {
            if (PyUnicode_READ(kind, data, offset + i) != PyUnicode_READ(word_kind, word_data, i)) return 0;
        }
        return 1;
    }
    #define badugi_text_starts_at(text, word, at) badugi_text_match((text), (word), (at), PY_SSIZE_T_MAX, 0)
    #define badugi_text_ends(text, word) badugi_text_match((text), (word), 0, PY_SSIZE_T_MAX, 1)
    #define badugi_text_ends_at(text, word, start, end) badugi_text_match((text), (word), (start), (end), 1)
    """
    bint starts_at "badugi_text_starts_at" (str text, str word, Py_ssize_t at) except -1
    bint ends "badugi_text_ends" (str text, str word) except -1
    bint ends_at "badugi_text_ends_at" (str text, str word, Py_ssize_t start, Py_ssize_t end) except -1
    bint is_ascii "PyUnicode_IS_ASCII" (str text)

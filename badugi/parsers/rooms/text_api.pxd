# C declarations only (never compiled on its own): ``starts_at``, ``ends`` and ``ends_at`` are ``str.startswith(word,
# at)``, ``str.endswith(word)`` and ``str.endswith(word, start, end)`` for one word, in C: the positions adjusted as
# CPython's ``tailmatch`` adjusts them, then the word compared with the text's characters in place (``memcmp`` where
# both are of one kind, after their first bytes, else character by character). ``is_ascii`` is ``str.isascii()``
# (the string's own flag). Their pure-Python twins are in ``text_api.py``.
cdef extern from *:
    """
    #include <string.h>

    #if defined(__GNUC__)
    #define BADUGI_ALWAYS_INLINE __attribute__((always_inline)) inline
    #else
    #define BADUGI_ALWAYS_INLINE CYTHON_INLINE
    #endif

    /* (always inlined: each call's constant ``end`` and ``at_end`` fold its clamping away, where the compiler kept
       one shared function, ~70 instructions a test) */
    static BADUGI_ALWAYS_INLINE int badugi_text_match(PyObject *text, PyObject *word, Py_ssize_t start,
                                                      Py_ssize_t end, int at_end) {
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
    # ``text[at]`` for 0 <= at < len(text) only (the caller's loop bounds it: no check, no negative index), read from
    # the string's data in place (``PyUnicode_READ_CHAR``), where an index checked both ways is a call (~30
    # instructions)
    Py_UCS4 char_of "PyUnicode_READ_CHAR" (str text, Py_ssize_t at)

# ``cut(text, start, end)`` is ``text[start:end]`` for 0 <= start, end (positions past the text clamped as slicing
# clamps them): for ASCII text the new string is made and its bytes copied (``PyUnicode_New`` and ``memcpy``), where
# a slice read every character again for the widest (``PyUnicode_FromKindAndData``); any other text is cut by
# ``PyUnicode_Substring``. ``line_end(text, at, end)`` is ``text.find("\n", at, end)`` for 0 <= at, end: ``memchr``
# for text of one byte a character, else ``PyUnicode_FindChar`` (no Python string of the word, no search's set-up);
# ``char_at`` and ``last_char_at`` are ``text.find(ch, at, end)`` and ``text.rfind(ch, at, end)`` for one character the
# same way (``memchr``, a scan back).
# Pure twins in ``text_api.py``.
cdef extern from *:
    """
    #include <string.h>

    static CYTHON_INLINE PyObject *badugi_text_cut(PyObject *text, Py_ssize_t start, Py_ssize_t end) {
        Py_ssize_t size = PyUnicode_GET_LENGTH(text);
        PyObject *made;
        if (end > size) end = size;
        if (start > end) start = end;
        if (start == 0 && end == size) {  /* (as a slice of the whole: the string itself) */
            Py_INCREF(text);
            return text;
        }
        if (!PyUnicode_IS_ASCII(text) || end - start < 2) {
            return PyUnicode_Substring(text, start, end);
        }
        made = PyUnicode_New(end - start, 127);
        if (made == NULL) return NULL;
        memcpy(PyUnicode_1BYTE_DATA(made), PyUnicode_1BYTE_DATA(text) + start, (size_t)(end - start));
        return made;
    }

    static CYTHON_INLINE Py_ssize_t badugi_text_line_end(PyObject *text, Py_ssize_t at, Py_ssize_t end) {
        Py_ssize_t size = PyUnicode_GET_LENGTH(text);
        const char *data, *found;
        if (end > size) end = size;
        if (at >= end) return -1;
        if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND) {
            return PyUnicode_FindChar(text, 10, at, end, 1);
        }
        data = (const char *)PyUnicode_1BYTE_DATA(text);
        found = (const char *)memchr(data + at, 10, (size_t)(end - at));
        return found == NULL ? -1 : (Py_ssize_t)(found - data);
    }

    static CYTHON_INLINE Py_ssize_t badugi_text_char_at(PyObject *text, Py_UCS4 ch, Py_ssize_t at, Py_ssize_t end) {
        Py_ssize_t size = PyUnicode_GET_LENGTH(text);
        const char *data, *found;
        if (end > size) end = size;
        if (at >= end) return -1;
        if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND || ch > 255) {
            return PyUnicode_FindChar(text, ch, at, end, 1);
        }
        data = (const char *)PyUnicode_1BYTE_DATA(text);
        found = (const char *)memchr(data + at, (int)ch, (size_t)(end - at));
        return found == NULL ? -1 : (Py_ssize_t)(found - data);
    }

    static CYTHON_INLINE Py_ssize_t badugi_text_last_char_at(PyObject *text, Py_UCS4 ch, Py_ssize_t at,
                                                             Py_ssize_t end) {
        Py_ssize_t size = PyUnicode_GET_LENGTH(text);
        const char *data;
        if (end > size) end = size;
        if (at >= end) return -1;
        if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND || ch > 255) {
            return PyUnicode_FindChar(text, ch, at, end, -1);
        }
        data = (const char *)PyUnicode_1BYTE_DATA(text);
        while (end > at) {  /* (a line's length: no ``memrchr``, a GNU call) */
            end--;
            if (data[end] == (char)ch) return end;
        }
        return -1;
    }
    """
    str cut "badugi_text_cut" (str text, Py_ssize_t start, Py_ssize_t end)
    Py_ssize_t line_end "badugi_text_line_end" (str text, Py_ssize_t at, Py_ssize_t end) except -2
    Py_ssize_t char_at "badugi_text_char_at" (str text, Py_UCS4 ch, Py_ssize_t at, Py_ssize_t end) except -2
    Py_ssize_t last_char_at "badugi_text_last_char_at" (str text, Py_UCS4 ch, Py_ssize_t at, Py_ssize_t end) except -2

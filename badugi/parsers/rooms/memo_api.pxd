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

# ``get_in(memo, text, start, end)`` is ``memo.get(text[start:end])`` and ``keep_in(memo, limit, text, start, end,
# value)`` keeps ``value`` for ``text[start:end]`` (the memo emptied first at its ``limit``), for a line read in place in
# a text of one byte a character: its key never cut out for a lookup, its bytes hashed where they lie by a short
# multiply-xor hash (8 bytes a step) and looked up in the memo's own C table (open addressing; each slot the hash, the
# key's string and the value, both held), where a dict lookup needed the line cut out as a string, hashed by SipHash
# and let go (~500 instructions a line, ~30 lines a hand). The key is cut out only for a line new to the table. A memo
# that is not a plain ``Memo`` (a ``CountingMemo``: its ``get`` counts), or a text of wider characters, is asked and
# filled through the dict as before (so is a memo past the 16 tables there are: tests make memos). The table is the
# memo's store for lines read this way: the dict itself holds the lines read through it (both give the same value for
# a text: reading is a pure function of the text). Measured (callgrind, one process, main thread): 356.1k -> 341.9k
# instructions a hand with ``pokerstars_lines``' other changes of round 22. Pure twins in ``memo_api.py``.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #include <stdlib.h>

    typedef struct { uint64_t hash; PyObject *key; PyObject *value; } badugi_memo_slot;
    typedef struct { PyObject *memo; badugi_memo_slot *slots; Py_ssize_t mask; Py_ssize_t used; } badugi_memo_table;
    #define BADUGI_MEMO_TABLES 16
    static badugi_memo_table badugi_memo_tables[BADUGI_MEMO_TABLES];

    static CYTHON_INLINE uint64_t badugi_memo_hash(const unsigned char *p, Py_ssize_t n) {
        uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n, w;
        while (n >= 8) {
            memcpy(&w, p, 8);
            h = (h ^ w) * 0xff51afd7ed558ccdULL;
            h ^= h >> 32;
            p += 8;
            n -= 8;
        }
        w = 0;
        while (n > 0) {
            n--;
            w = (w << 8) | p[n];
        }
        h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
        h ^= h >> 29;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
        return h;
    }

    /* the memo's table (made the first time, when ``make``), NULL for none */
    static badugi_memo_table *badugi_memo_table_of(PyObject *memo, int make) {
        int i;
        for (i = 0; i < BADUGI_MEMO_TABLES; i++) {
            if (badugi_memo_tables[i].memo == memo) return &badugi_memo_tables[i];
            if (badugi_memo_tables[i].memo == NULL) {
                if (!make) return NULL;
                Py_INCREF(memo);
                badugi_memo_tables[i].memo = memo;
                return &badugi_memo_tables[i];
            }
        }
        return NULL;
    }

    static void badugi_memo_table_clear(badugi_memo_table *table) {
        Py_ssize_t i;
        badugi_memo_slot *slot;
        for (i = 0; i <= table->mask; i++) {
            slot = &table->slots[i];
            if (slot->key != NULL) {
                Py_CLEAR(slot->key);
                Py_CLEAR(slot->value);
            }
        }
        table->used = 0;
    }

    /* ``text[start:end]``: the dict's key */
    static PyObject *badugi_memo_key(PyObject *text, Py_ssize_t start, Py_ssize_t end) {
        if (PyUnicode_CheckExact(text)) return PyUnicode_Substring(text, start, end);
        return PySequence_GetSlice(text, start, end);
    }

    /* whether ``text`` is looked up in the memo's table: a plain ``Memo``, a ``str`` of one byte a character */
    #define badugi_memo_in_table(memo, text) (Py_TYPE(memo)->tp_base == &PyDict_Type && PyUnicode_CheckExact(text) \
                                             && PyUnicode_KIND(text) == PyUnicode_1BYTE_KIND)

    static PyObject *badugi_memo_get_in(PyObject *memo, PyObject *text, Py_ssize_t start, Py_ssize_t end) {
        badugi_memo_table *table;
        badugi_memo_slot *slot;
        const unsigned char *data;
        uint64_t hash;
        Py_ssize_t i, n;
        PyObject *key, *value;
        /* (no table: another kind of memo or text, or no table left for this memo, ``keep_in`` fills the dict) */
        table = badugi_memo_in_table(memo, text) ? badugi_memo_table_of(memo, 0) : NULL;
        if (table == NULL) {
            key = badugi_memo_key(text, start, end);
            if (key == NULL) return NULL;
            value = badugi_memo_get(memo, key);
            Py_DECREF(key);
            return value;
        }
        if (table->slots == NULL) Py_RETURN_NONE;
        if (end > PyUnicode_GET_LENGTH(text)) end = PyUnicode_GET_LENGTH(text);
        if (start > end) start = end;
        n = end - start;
        data = PyUnicode_1BYTE_DATA(text) + start;
        hash = badugi_memo_hash(data, n);
        i = (Py_ssize_t)(hash & (uint64_t)table->mask);
        for (;;) {
            slot = &table->slots[i];
            if (slot->key == NULL) Py_RETURN_NONE;
            if (slot->hash == hash && PyUnicode_GET_LENGTH(slot->key) == n
                    && memcmp(PyUnicode_1BYTE_DATA(slot->key), data, (size_t)n) == 0) {
                Py_INCREF(slot->value);
                return slot->value;
            }
            i = (i + 1) & table->mask;
        }
    }

    static PyObject *badugi_memo_keep_in(PyObject *memo, Py_ssize_t limit, PyObject *text, Py_ssize_t start,
                                         Py_ssize_t end, PyObject *value) {
        badugi_memo_table *table;
        badugi_memo_slot *slot;
        const unsigned char *data;
        uint64_t hash;
        Py_ssize_t i, n, size;
        PyObject *key, *done;
        table = NULL;
        if (badugi_memo_in_table(memo, text) && limit > 0) {
            table = badugi_memo_table_of(memo, 1);
        }
        key = badugi_memo_key(text, start, end);
        if (key == NULL) return NULL;
        if (table == NULL) {  /* (as ``_remember``: through the dict) */
            n = PyObject_Length(memo);
            if (n < 0) goto fail;
            if (n >= limit) {
                done = PyObject_CallMethod(memo, "clear", NULL);
                if (done == NULL) goto fail;
                Py_DECREF(done);
            }
            if (PyObject_SetItem(memo, key, value) < 0) goto fail;
            Py_DECREF(key);
            Py_INCREF(value);
            return value;
        }
        if (table->slots == NULL) {
            size = 16;
            while (size < limit + limit / 2 + 1) size *= 2;  /* (at most 2/3 full) */
            table->slots = (badugi_memo_slot *)calloc((size_t)size, sizeof(badugi_memo_slot));
            if (table->slots == NULL) {
                PyErr_NoMemory();
                goto fail;
            }
            table->mask = size - 1;
            table->used = 0;
        }
        if (table->used >= limit) badugi_memo_table_clear(table);
        n = PyUnicode_GET_LENGTH(key);
        data = PyUnicode_1BYTE_DATA(key);  /* (a part of a text of one byte a character: one byte a character too) */
        hash = badugi_memo_hash(data, n);
        i = (Py_ssize_t)(hash & (uint64_t)table->mask);
        for (;;) {
            slot = &table->slots[i];
            if (slot->key == NULL) {
                slot->hash = hash;
                slot->key = key;  /* (the reference made above, now the slot's) */
                Py_INCREF(value);
                slot->value = value;
                table->used++;
                break;
            }
            if (slot->hash == hash && PyUnicode_GET_LENGTH(slot->key) == n
                    && memcmp(PyUnicode_1BYTE_DATA(slot->key), data, (size_t)n) == 0) {
                Py_INCREF(value);
                Py_SETREF(slot->value, value);
                Py_DECREF(key);
                break;
            }
            i = (i + 1) & table->mask;
        }
        Py_INCREF(value);
        return value;
      fail:
        Py_DECREF(key);
        return NULL;
    }
    """
    object get_in "badugi_memo_get_in" (object memo, object text, Py_ssize_t start, Py_ssize_t end)
    object keep_in "badugi_memo_keep_in" (object memo, Py_ssize_t limit, object text, Py_ssize_t start, Py_ssize_t end,
                                          object value)

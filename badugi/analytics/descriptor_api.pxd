# C declarations only (never compiled on its own): ``descr_get`` is the descriptor's own ``tp_descr_get`` slot,
# called in C (``attribute_column``: for each row of a list, ``None`` where a row is of another type);
# ``tuple_item`` is ``PyTuple_GET_ITEM`` (the caller checks ``row`` is a tuple and ``k`` in range);
# ``tuple_column`` the list of item ``k`` of every row (a list of such tuples); ``field`` is ``row[k]``, read in C
# where ``row`` is a tuple (a ``NamedTuple`` 's field by its place) and ``k`` in range; ``merged_tags`` and
# ``gathered`` and ``row_gathered`` put the rows of several variants of a table back in one order (see
# ``descriptor_api.py``);
# ``ascii_column`` is a string column's data, its ASCII texts' bytes copied one after another, its offsets and
# validity bitmap written in the same pass (``packing``); ``boolean_column`` a boolean column's bits
# (``packing.booleans``); ``unfilled`` a bytearray of ``n`` bytes not zeroed first (a fixed-width column's data,
# every value of which ``packing`` writes); ``reserved`` an empty list with room for ``n`` items and ``push1`` ..
# ``push5`` values appended into that room (``rows.Columns``: a batch's lists made at their size); ``path_column``, ``path_flags`` and ``path_counts`` follow a path of tuple
# items down each row (a ``NamedTuple`` 's field, an item of a tuple in it) straight into a column, a table's flag
# bits or its count fields, making no list between (``columnar._Batch.tuple_path``). Their
# pure-Python twins are in ``descriptor_api.py``.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *badugi_descr_get(PyObject *descriptor, PyObject *row, PyObject *owner) {
        return Py_TYPE(descriptor)->tp_descr_get(descriptor, row, owner);
    }
    static PyObject *badugi_attribute_column(PyObject *rows, PyObject *descriptor, PyObject *owner) {
        Py_ssize_t n = PyList_GET_SIZE(rows);
        descrgetfunc get = Py_TYPE(descriptor)->tp_descr_get;
        /* A getset descriptor (an extension type's field: a record's) whose getter ``getset_get`` would call for
           every row of type ``owner``: its check (the row an instance of the descriptor's type, a getter there)
           made once here, the getter called for each row as ``getset_get`` calls it. */
        getter read = NULL;
        void *closure = NULL;
        if (Py_IS_TYPE(descriptor, &PyGetSetDescr_Type) && PyType_Check(owner)
                && PyType_IsSubtype((PyTypeObject *) owner, PyDescr_TYPE(descriptor))) {
            read = ((PyGetSetDescrObject *) descriptor)->d_getset->get;
            closure = ((PyGetSetDescrObject *) descriptor)->d_getset->closure;
        }
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *row = PyList_GET_ITEM(rows, i);
            PyObject *value;
            if (row == Py_None) {
                value = Py_None;
                Py_INCREF(value);
            } else if ((PyObject *) Py_TYPE(row) == owner) {
                value = read != NULL ? read(row, closure) : get(descriptor, row, owner);
                if (value == NULL) {
                    Py_DECREF(column);
                    return NULL;
                }
            } else {
                Py_DECREF(column);
                Py_RETURN_NONE;
            }
            PyList_SET_ITEM(column, i, value);
        }
        return column;
    }
    static CYTHON_INLINE PyObject *badugi_tuple_item(PyObject *row, Py_ssize_t k) {
        PyObject *item = PyTuple_GET_ITEM(row, k);  /* borrowed: a new reference returned */
        Py_INCREF(item);
        return item;
    }
    static CYTHON_INLINE PyObject *badugi_field(PyObject *row, Py_ssize_t k) {
        if (PyTuple_Check(row) && k >= 0 && k < PyTuple_GET_SIZE(row)) {
            PyObject *item = PyTuple_GET_ITEM(row, k);
            Py_INCREF(item);
            return item;
        }
        return PySequence_GetItem(row, k);
    }
    /* A row's merge key: its hand index, and its order value above it (-1 past the end, -2 not a key). */
    static long long badugi_merge_key(PyObject *ixs, PyObject *orders, Py_ssize_t i) {
        if (i >= PyList_GET_SIZE(ixs)) return -1;
        PyObject *ix = PyList_GET_ITEM(ixs, i);
        if (!PyLong_CheckExact(ix)) return -2;
        long long a = PyLong_AsLongLong(ix);
        if (a < 0 || a > 0x7FFFFFFF) { PyErr_Clear(); return -2; }
        if (orders == Py_None) return a;
        PyObject *order = PyList_GET_ITEM(orders, i);
        if (!PyLong_CheckExact(order)) return -2;
        long long b = PyLong_AsLongLong(order);
        if (b < 0 || b > 0x7FFFFFFF) { PyErr_Clear(); return -2; }
        return (a << 32) | b;
    }
    static PyObject *badugi_merged_tags(PyObject *ix_lists, PyObject *order_lists) {
        Py_ssize_t k = PyList_GET_SIZE(ix_lists), n = 0;
        long long head[256];
        Py_ssize_t at[256];
        if (k < 1 || k > 255) Py_RETURN_NONE;
        if (order_lists != Py_None && (!PyList_CheckExact(order_lists) || PyList_GET_SIZE(order_lists) != k))
            Py_RETURN_NONE;
        for (Py_ssize_t v = 0; v < k; v++) {
            PyObject *ixs = PyList_GET_ITEM(ix_lists, v);
            PyObject *orders = order_lists == Py_None ? Py_None : PyList_GET_ITEM(order_lists, v);
            if (!PyList_CheckExact(ixs)) Py_RETURN_NONE;
            if (orders != Py_None && (!PyList_CheckExact(orders) || PyList_GET_SIZE(orders) != PyList_GET_SIZE(ixs)))
                Py_RETURN_NONE;
            n += PyList_GET_SIZE(ixs);
            at[v] = 0;
            head[v] = badugi_merge_key(ixs, orders, 0);
            if (head[v] == -2) Py_RETURN_NONE;
        }
        PyObject *tags = PyByteArray_FromStringAndSize(NULL, n);
        if (tags == NULL) return NULL;
        unsigned char *tag = (unsigned char *) PyByteArray_AS_STRING(tags);
        for (Py_ssize_t r = 0; r < n; r++) {
            Py_ssize_t best = -1;
            for (Py_ssize_t v = 0; v < k; v++) {
                if (head[v] >= 0 && (best < 0 || head[v] < head[best])) best = v;
            }
            tag[r] = (unsigned char) best;
            at[best]++;
            long long next = badugi_merge_key(PyList_GET_ITEM(ix_lists, best),
                                              order_lists == Py_None ? Py_None : PyList_GET_ITEM(order_lists, best),
                                              at[best]);
            if (next == -2 || (next >= 0 && next < head[best])) {  /* not in order: not merged here */
                Py_DECREF(tags);
                Py_RETURN_NONE;
            }
            head[best] = next;
        }
        return tags;
    }
    static PyObject *badugi_gathered(PyObject *tags, PyObject *parts, PyObject *constants) {
        Py_ssize_t n = PyByteArray_GET_SIZE(tags), k = PyList_GET_SIZE(parts);
        Py_ssize_t at[256];
        const unsigned char *tag = (const unsigned char *) PyByteArray_AS_STRING(tags);
        if (k > 256 || PyList_GET_SIZE(constants) != k) {
            PyErr_SetString(PyExc_ValueError, "gathered: one constant a part, at most 256 parts");
            return NULL;
        }
        for (Py_ssize_t v = 0; v < k; v++) {
            PyObject *part = PyList_GET_ITEM(parts, v);
            if (part != Py_None && !PyList_CheckExact(part)) {
                PyErr_SetString(PyExc_TypeError, "gathered: a part is a list or None");
                return NULL;
            }
            at[v] = 0;
        }
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t r = 0; r < n; r++) {
            Py_ssize_t v = tag[r];
            PyObject *part, *item;
            if (v >= k) goto out_of_range;
            part = PyList_GET_ITEM(parts, v);
            if (part == Py_None) {
                item = PyList_GET_ITEM(constants, v);
            } else {
                if (at[v] >= PyList_GET_SIZE(part)) goto out_of_range;
                item = PyList_GET_ITEM(part, at[v]);
                at[v]++;
            }
            Py_INCREF(item);
            PyList_SET_ITEM(column, r, item);
        }
        return column;
    out_of_range:
        Py_DECREF(column);
        PyErr_SetString(PyExc_IndexError, "gathered: a tag names a part past its values");
        return NULL;
    }
    /* ``row_gathered``: a column of a table of several variants in the batch's order (``tags``: each row's
       variant), each row's value taken as its variant's ``specs`` item ``(kind, rows, place, value, owner)``
       says: 0 the constant ``value``; 1 the next item of the list ``rows`` (the variant's computed values); 2 the
       next row's source at ``place`` in ``rows`` (the variant's flat rows, ``width`` values a row); 3 that
       source's field read by the data descriptor ``value`` (``None`` where the source is ``None``). ``None``
       where a kind-3 source is not exactly of type ``owner`` (the caller goes the general way). */
    static PyObject *badugi_row_gathered(PyObject *tags, PyObject *specs, Py_ssize_t width) {
        Py_ssize_t n = PyByteArray_GET_SIZE(tags), k = PyList_GET_SIZE(specs);
        Py_ssize_t at[256], place[256];
        int kind[256];
        PyObject *rows[256], *value[256], *owner[256];
        getter read[256];
        void *closure[256];
        const unsigned char *tag = (const unsigned char *) PyByteArray_AS_STRING(tags);
        if (k > 256 || width < 1) {
            PyErr_SetString(PyExc_ValueError, "row_gathered: at most 256 variants, rows of at least one value");
            return NULL;
        }
        for (Py_ssize_t v = 0; v < k; v++) {
            PyObject *spec = PyList_GET_ITEM(specs, v);
            if (!PyTuple_CheckExact(spec) || PyTuple_GET_SIZE(spec) != 5) goto bad_spec;
            kind[v] = (int) PyLong_AsLong(PyTuple_GET_ITEM(spec, 0));
            rows[v] = PyTuple_GET_ITEM(spec, 1);
            place[v] = PyLong_AsSsize_t(PyTuple_GET_ITEM(spec, 2));
            value[v] = PyTuple_GET_ITEM(spec, 3);
            owner[v] = PyTuple_GET_ITEM(spec, 4);
            if (PyErr_Occurred()) return NULL;
            if (kind[v] < 0 || kind[v] > 3 || (kind[v] > 0 && !PyList_CheckExact(rows[v]))) goto bad_spec;
            if (kind[v] >= 2 && (place[v] < 0 || place[v] >= width)) goto bad_spec;
            read[v] = NULL;
            closure[v] = NULL;
            if (kind[v] == 3) {
                if (Py_TYPE(value[v])->tp_descr_get == NULL || !PyType_Check(owner[v])) goto bad_spec;
                if (Py_IS_TYPE(value[v], &PyGetSetDescr_Type)
                        && PyType_IsSubtype((PyTypeObject *) owner[v], PyDescr_TYPE(value[v]))) {
                    read[v] = ((PyGetSetDescrObject *) value[v])->d_getset->get;
                    closure[v] = ((PyGetSetDescrObject *) value[v])->d_getset->closure;
                }
            }
            at[v] = 0;
        }
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t r = 0; r < n; r++) {
            Py_ssize_t v = tag[r];
            PyObject *item;
            if (v >= k) goto out_of_range;
            if (kind[v] == 0) {
                item = value[v];
                Py_INCREF(item);
            } else if (kind[v] == 1) {
                if (at[v] >= PyList_GET_SIZE(rows[v])) goto out_of_range;
                item = PyList_GET_ITEM(rows[v], at[v]);
                at[v]++;
                Py_INCREF(item);
            } else {
                Py_ssize_t i = at[v] * width + place[v];
                if (i >= PyList_GET_SIZE(rows[v])) goto out_of_range;
                item = PyList_GET_ITEM(rows[v], i);
                at[v]++;
                if (kind[v] == 2 || item == Py_None) {
                    Py_INCREF(item);
                } else if ((PyObject *) Py_TYPE(item) == owner[v]) {
                    item = read[v] != NULL ? read[v](item, closure[v])
                                           : Py_TYPE(value[v])->tp_descr_get(value[v], item, owner[v]);
                    if (item == NULL) {
                        Py_DECREF(column);
                        return NULL;
                    }
                } else {
                    Py_DECREF(column);
                    Py_RETURN_NONE;
                }
            }
            PyList_SET_ITEM(column, r, item);
        }
        return column;
    bad_spec:
        PyErr_SetString(PyExc_ValueError, "row_gathered: a spec is (kind 0..3, a list, a place in the row, a value, "
                                          "its owner)");
        return NULL;
    out_of_range:
        Py_DECREF(column);
        PyErr_SetString(PyExc_IndexError, "row_gathered: a tag names a variant past its rows");
        return NULL;
    }
    static PyObject *badugi_ascii_column(PyObject *values, PyObject *offsets, PyObject *valid) {
        Py_ssize_t n = PyList_GET_SIZE(values), total = 0, nulls = 0;
        if (PyByteArray_GET_SIZE(offsets) != 4 * (n + 1) || PyByteArray_GET_SIZE(valid) != (n + 7) / 8) {
            PyErr_SetString(PyExc_ValueError, "ascii_column: offsets of n + 1 ints, a bitmap of n bits");
            return NULL;
        }
        int32_t *ends = (int32_t *) PyByteArray_AS_STRING(offsets);
        unsigned char *bits = (unsigned char *) PyByteArray_AS_STRING(valid);
        ends[0] = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *value = PyList_GET_ITEM(values, i);
            if (value == Py_None) {
                bits[i >> 3] &= (unsigned char) ~(1 << (i & 7));
                nulls++;
            } else {
                if (!PyUnicode_CheckExact(value) || PyUnicode_READY(value) < 0 || !PyUnicode_IS_ASCII(value)) {
                    PyErr_Clear();
                    Py_RETURN_NONE;
                }
                total += PyUnicode_GET_LENGTH(value);
                if (total > 0x7FFFFFFF) Py_RETURN_NONE;
            }
            ends[i + 1] = (int32_t) total;
        }
        PyObject *data = PyBytes_FromStringAndSize(NULL, total);
        if (data == NULL) return NULL;
        char *at = PyBytes_AS_STRING(data);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *value = PyList_GET_ITEM(values, i);
            if (value != Py_None) {
                Py_ssize_t size = PyUnicode_GET_LENGTH(value);
                memcpy(at, PyUnicode_DATA(value), size);
                at += size;
            }
        }
        return Py_BuildValue("(Nn)", data, nulls);
    }
    static PyObject *badugi_boolean_column(PyObject *values, PyObject *bitmap, PyObject *valid) {
        Py_ssize_t n = PyList_GET_SIZE(values), nulls = 0;
        if (PyByteArray_GET_SIZE(bitmap) != (n + 7) / 8 || PyByteArray_GET_SIZE(valid) != (n + 7) / 8) {
            PyErr_SetString(PyExc_ValueError, "boolean_column: two bitmaps of n bits");
            return NULL;
        }
        unsigned char *set = (unsigned char *) PyByteArray_AS_STRING(bitmap);
        unsigned char *bits = (unsigned char *) PyByteArray_AS_STRING(valid);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *value = PyList_GET_ITEM(values, i);
            if (value == Py_True) {
                set[i >> 3] |= (unsigned char) (1 << (i & 7));
            } else if (value == Py_None) {
                bits[i >> 3] &= (unsigned char) ~(1 << (i & 7));
                nulls++;
            } else if (value != Py_False) {
                Py_RETURN_NONE;
            }
        }
        return PyLong_FromSsize_t(nulls);
    }
    /* A list of no items with room for ``n`` (its slots allocated, none used): appended to in place up to there. */
    static PyObject *badugi_reserved(Py_ssize_t n) {
        PyObject *list = PyList_New(n);
        if (list != NULL) Py_SET_SIZE(list, 0);
        return list;
    }
    /* ``values`` (``k`` of them) appended to ``list`` (a list): straight into its free slots where it has room for all
       (Cython's own ``append`` goes through ``PyList_Append``, which shrinks a list used below half its room), else
       one ``PyList_Append`` each (the list grows as usual). */
    static int badugi_push(PyObject *list, PyObject **values, Py_ssize_t k) {
        Py_ssize_t len = PyList_GET_SIZE(list);
        if (((PyListObject *) list)->allocated >= len + k) {
            for (Py_ssize_t i = 0; i < k; i++) {
                Py_INCREF(values[i]);
                PyList_SET_ITEM(list, len + i, values[i]);
            }
            Py_SET_SIZE(list, len + k);
            return 0;
        }
        for (Py_ssize_t i = 0; i < k; i++)
            if (PyList_Append(list, values[i]) < 0) return -1;
        return 0;
    }
    static CYTHON_INLINE int badugi_push1(PyObject *list, PyObject *a) {
        return badugi_push(list, &a, 1);
    }
    static CYTHON_INLINE int badugi_push2(PyObject *list, PyObject *a, PyObject *b) {
        PyObject *values[2] = {a, b};
        return badugi_push(list, values, 2);
    }
    static CYTHON_INLINE int badugi_push3(PyObject *list, PyObject *a, PyObject *b, PyObject *c) {
        PyObject *values[3] = {a, b, c};
        return badugi_push(list, values, 3);
    }
    static CYTHON_INLINE int badugi_push4(PyObject *list, PyObject *a, PyObject *b, PyObject *c, PyObject *d) {
        PyObject *values[4] = {a, b, c, d};
        return badugi_push(list, values, 4);
    }
    static CYTHON_INLINE int badugi_push5(PyObject *list, PyObject *a, PyObject *b, PyObject *c, PyObject *d,
                                          PyObject *e) {
        PyObject *values[5] = {a, b, c, d, e};
        return badugi_push(list, values, 5);
    }
    static PyObject *badugi_unfilled(Py_ssize_t n) {
        return PyByteArray_FromStringAndSize(NULL, n);  /* its bytes not set: the caller writes every one */
    }
    static PyObject *badugi_tuple_column(PyObject *rows, Py_ssize_t k) {
        Py_ssize_t n = PyList_GET_SIZE(rows);
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(PyList_GET_ITEM(rows, i), k);
            Py_INCREF(item);
            PyList_SET_ITEM(column, i, item);
        }
        return column;
    }
    /* A path of tuple items (``columnar._Batch.tuple_path``: ``(index, exact type)`` pairs) as C arrays. */
    #define BADUGI_PATH_MAX 8
    static int badugi_path_steps(PyObject *path, Py_ssize_t *index, PyObject **kind) {
        Py_ssize_t m = PyTuple_GET_SIZE(path);
        if (m < 1 || m > BADUGI_PATH_MAX) return -1;
        for (Py_ssize_t s = 0; s < m; s++) {
            PyObject *step = PyTuple_GET_ITEM(path, s);
            if (!PyTuple_CheckExact(step) || PyTuple_GET_SIZE(step) != 2) return -1;
            index[s] = PyLong_AsSsize_t(PyTuple_GET_ITEM(step, 0));
            if (index[s] < 0) { PyErr_Clear(); return -1; }
            kind[s] = PyTuple_GET_ITEM(step, 1);
        }
        return (int) m;
    }
    /* The value at the path in ``row`` (borrowed; ``None`` where the path meets ``None``), or NULL where a
       container is not of its step's type or too short (the caller then goes the general way). */
    static CYTHON_INLINE PyObject *badugi_follow(PyObject *row, int m, const Py_ssize_t *index, PyObject **kind) {
        PyObject *v = row;
        for (int s = 0; s < m && v != Py_None; s++) {
            if ((PyObject *) Py_TYPE(v) != kind[s] || index[s] >= PyTuple_GET_SIZE(v)) return NULL;
            v = PyTuple_GET_ITEM(v, index[s]);
        }
        return v;
    }
    static PyObject *badugi_path_column(PyObject *rows, PyObject *path) {
        Py_ssize_t index[BADUGI_PATH_MAX];
        PyObject *kind[BADUGI_PATH_MAX];
        int m = badugi_path_steps(path, index, kind);
        if (m < 0) Py_RETURN_NONE;
        Py_ssize_t n = PyList_GET_SIZE(rows);
        PyObject *column = PyList_New(n);
        if (column == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = badugi_follow(PyList_GET_ITEM(rows, i), m, index, kind);
            if (v == NULL) {
                Py_DECREF(column);
                Py_RETURN_NONE;
            }
            Py_INCREF(v);
            PyList_SET_ITEM(column, i, v);
        }
        return column;
    }
    /* The steps of ``path`` for ``path_flags``/``path_counts`` and their words' C views: the number of steps,
       0 where the path cannot be followed (the caller goes the general way), -1 with a ValueError. */
    static int badugi_path_words(PyObject *rows, PyObject *path, int shift, Py_ssize_t *index, PyObject **kind,
                                 PyObject *words, PyObject *known, long long **set, long long **seen) {
        int m = badugi_path_steps(path, index, kind);
        Py_ssize_t n = PyList_GET_SIZE(rows);
        if (m < 0) return 0;
        if (PyByteArray_GET_SIZE(words) < 8 * n || PyByteArray_GET_SIZE(known) < 8 * n || shift < 0 || shift > 48) {
            PyErr_SetString(PyExc_ValueError, "path_counts: words of 8 bytes a row, a shift in 0..48");
            return -1;
        }
        *set = (long long *) PyByteArray_AS_STRING(words);
        *seen = (long long *) PyByteArray_AS_STRING(known);
        return m;
    }
    static int badugi_path_flags(PyObject *rows, PyObject *path, long long mask, PyObject *words, PyObject *known) {
        Py_ssize_t index[BADUGI_PATH_MAX];
        PyObject *kind[BADUGI_PATH_MAX];
        long long *set, *seen;
        int m = badugi_path_words(rows, path, 0, index, kind, words, known, &set, &seen);
        if (m <= 0) return m;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(rows); i++) {
            PyObject *v = badugi_follow(PyList_GET_ITEM(rows, i), m, index, kind);
            if (v == Py_True) {
                set[i] |= mask;
                seen[i] |= mask;
            } else if (v == Py_False) {
                seen[i] |= mask;
            } else if (v != Py_None) {
                return 0;
            }
        }
        return 1;
    }
    static int badugi_path_counts(PyObject *rows, PyObject *path, int shift, long long bit, PyObject *words,
                                  PyObject *known) {
        Py_ssize_t index[BADUGI_PATH_MAX];
        PyObject *kind[BADUGI_PATH_MAX];
        long long *set, *seen;
        int m = badugi_path_words(rows, path, shift, index, kind, words, known, &set, &seen);
        if (m <= 0) return m;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(rows); i++) {
            PyObject *v = badugi_follow(PyList_GET_ITEM(rows, i), m, index, kind);
            if (v == Py_None) continue;
            if (v == NULL || !PyLong_CheckExact(v)) return 0;
            int overflow = 0;
            long long count = PyLong_AsLongLongAndOverflow(v, &overflow);
            if (overflow || count < 0 || count > 32767) return 0;
            set[i] |= count << shift;
            seen[i] |= bit;
        }
        return 1;
    }
    /* ``path_group``: several flag or count columns whose paths differ only in their last step (the same
       ``parent`` path, then an item of a tuple of type ``kind``), packed in one pass over the rows: each row's
       container followed once, where ``path_flags``/``path_counts`` followed each column's whole path again.
       ``items``: ``(index, count, shift, mask, words, known)`` tuples (``count`` 0: a flag, ``mask`` its bit;
       1: a count, at ``shift`` in ``words``, ``mask`` its known bit). 1 when every value packed; 0 where the
       rows are not for it (the caller then packs each column the general way: the bits set so far are the
       same), -1 with a ValueError. */
    #define BADUGI_GROUP_MAX 64
    static int badugi_path_group(PyObject *rows, PyObject *parent, PyObject *kind, PyObject *items) {
        Py_ssize_t index[BADUGI_PATH_MAX], flag_at[BADUGI_GROUP_MAX], count_at[BADUGI_GROUP_MAX], last = 0;
        PyObject *steps[BADUGI_PATH_MAX], *flag_words = NULL, *flag_known = NULL, *count_known = NULL;
        int shift[BADUGI_GROUP_MAX], flags = 0, counts = 0;
        long long flag_mask[BADUGI_GROUP_MAX], count_bit[BADUGI_GROUP_MAX], *count_set[BADUGI_GROUP_MAX];
        Py_ssize_t n = PyList_GET_SIZE(rows), k = PyTuple_GET_SIZE(items);
        int m = 0;
        if (PyTuple_GET_SIZE(parent) > 0) {
            m = badugi_path_steps(parent, index, steps);
            if (m < 0) return 0;
        }
        if (k < 1 || k > BADUGI_GROUP_MAX) return 0;
        /* The flags share one pair of words (the table's flags), the counts one known mask: each row's bits are
           gathered in C locals and written once. */
        for (Py_ssize_t c = 0; c < k; c++) {
            PyObject *item = PyTuple_GET_ITEM(items, c);
            if (!PyTuple_CheckExact(item) || PyTuple_GET_SIZE(item) != 6) return 0;
            PyObject *words = PyTuple_GET_ITEM(item, 4), *known = PyTuple_GET_ITEM(item, 5);
            if (!PyByteArray_CheckExact(words) || !PyByteArray_CheckExact(known)) return 0;
            Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 0));
            long count = PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
            long place = PyLong_AsLong(PyTuple_GET_ITEM(item, 2));
            long long mask = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 3));
            if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
            if (at < 0) return 0;
            if (PyByteArray_GET_SIZE(words) < 8 * n || PyByteArray_GET_SIZE(known) < 8 * n || place < 0 || place > 48) {
                PyErr_SetString(PyExc_ValueError, "path_group: words of 8 bytes a row, a shift in 0..48");
                return -1;
            }
            if (at > last) last = at;
            if (count) {
                if (count_known != NULL && count_known != known) return 0;
                count_known = known;
                count_at[counts] = at;
                shift[counts] = (int) place;
                count_bit[counts] = mask;
                count_set[counts] = (long long *) PyByteArray_AS_STRING(words);
                counts++;
            } else {
                if (flag_words != NULL && (flag_words != words || flag_known != known)) return 0;
                flag_words = words;
                flag_known = known;
                flag_at[flags] = at;
                flag_mask[flags] = mask;
                flags++;
            }
        }
        long long *set = flag_words ? (long long *) PyByteArray_AS_STRING(flag_words) : NULL;
        long long *seen = flag_known ? (long long *) PyByteArray_AS_STRING(flag_known) : NULL;
        long long *counted = count_known ? (long long *) PyByteArray_AS_STRING(count_known) : NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = m ? badugi_follow(PyList_GET_ITEM(rows, i), m, index, steps) : PyList_GET_ITEM(rows, i);
            if (v == NULL) return 0;
            if (v == Py_None) continue;
            if ((PyObject *) Py_TYPE(v) != kind || last >= PyTuple_GET_SIZE(v)) return 0;
            long long on = 0, known = 0;
            for (int c = 0; c < flags; c++) {
                PyObject *x = PyTuple_GET_ITEM(v, flag_at[c]);
                if (x == Py_True) {
                    on |= flag_mask[c];
                    known |= flag_mask[c];
                } else if (x == Py_False) {
                    known |= flag_mask[c];
                } else if (x != Py_None) {
                    return 0;
                }
            }
            if (flags) {
                set[i] |= on;
                seen[i] |= known;
            }
            known = 0;
            for (int c = 0; c < counts; c++) {
                PyObject *x = PyTuple_GET_ITEM(v, count_at[c]);
                if (x == Py_None) continue;
                if (!PyLong_CheckExact(x)) return 0;
                int overflow = 0;
                long long value = PyLong_AsLongLongAndOverflow(x, &overflow);
                if (overflow || value < 0 || value > 32767) return 0;
                count_set[c][i] |= value << shift[c];
                known |= count_bit[c];
            }
            if (counts) counted[i] |= known;
        }
        return 1;
    }
    """
    object descr_get "badugi_descr_get" (object descriptor, object row, object owner)
    object attribute_column "badugi_attribute_column" (list rows, object descriptor, object owner)
    object tuple_item "badugi_tuple_item" (object row, Py_ssize_t k)
    list tuple_column "badugi_tuple_column" (list rows, Py_ssize_t k)
    object field "badugi_field" (object row, Py_ssize_t k)
    object merged_tags "badugi_merged_tags" (list ix_lists, object order_lists)
    list gathered "badugi_gathered" (bytearray tags, list parts, list constants)
    object row_gathered "badugi_row_gathered" (bytearray tags, list specs, Py_ssize_t width)
    object ascii_column "badugi_ascii_column" (list values, bytearray offsets, bytearray valid)
    object boolean_column "badugi_boolean_column" (list values, bytearray bitmap, bytearray valid)
    bytearray unfilled "badugi_unfilled" (Py_ssize_t n)
    list reserved "badugi_reserved" (Py_ssize_t n)
    int push1 "badugi_push1" (list rows, object a) except -1
    int push2 "badugi_push2" (list rows, object a, object b) except -1
    int push3 "badugi_push3" (list rows, object a, object b, object c) except -1
    int push4 "badugi_push4" (list rows, object a, object b, object c, object d) except -1
    int push5 "badugi_push5" (list rows, object a, object b, object c, object d, object e) except -1
    object path_column "badugi_path_column" (list rows, tuple path)
    int path_flags "badugi_path_flags" (list rows, tuple path, long long mask, bytearray words, bytearray known) except -1
    int path_counts "badugi_path_counts" (list rows, tuple path, int shift, long long bit, bytearray words,
                                          bytearray known) except -1
    int path_group "badugi_path_group" (list rows, tuple parent, object kind, tuple items) except -1

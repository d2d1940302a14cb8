# C declarations only (never compiled on its own): the compiled splitter's scan of a UTF-8 file's bytes
# (``run``: a run of lines of one kind, each line end found by ``memchr`` and each line's first byte looked up
# in a 256-byte table; ``ascii_text``: a hand's text made from its bytes, CRs before LFs dropped while copying)
# and ``record`` (a slotted record's member descriptors set in C). Their pure-Python twins are in
# ``scan_api.py``; ``compiled`` is true only here.
cdef extern from *:
    """
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    #define BADUGI_SCAN_COMPILED 1

    static CYTHON_INLINE int badugi_scan_blank_byte(unsigned char c) {
        return c == ' ' || c == '\\t' || c == '\\r';
    }

    /* whether data[0:n] is all ASCII: eight bytes at a time (a byte at a time was ~3 instructions a byte) */
    static CYTHON_INLINE int badugi_scan_is_ascii(const unsigned char *data, Py_ssize_t n) {
        unsigned long long seen = 0, word;
        Py_ssize_t i = 0;
        for (; i + 8 <= n; i += 8) {
            memcpy(&word, data + i, 8);
            seen |= word;
        }
        for (; i < n; i++) {
            seen |= data[i];
        }
        return (seen & 0x8080808080808080ULL) == 0;
    }

    /* the tuple (kind, end, lines) */
    static PyObject *badugi_scan_found(long kind, Py_ssize_t end, Py_ssize_t lines) {
        PyObject *found = PyTuple_New(3), *item;
        if (found == NULL) {
            return NULL;
        }
        PyTuple_SET_ITEM(found, 0, PyLong_FromLong(kind));  /* (a small int: cached, never NULL) */
        item = PyLong_FromSsize_t(end);
        if (item == NULL) {
            Py_DECREF(found);
            return NULL;
        }
        PyTuple_SET_ITEM(found, 1, item);
        item = PyLong_FromSsize_t(lines);
        if (item == NULL) {
            Py_DECREF(found);
            return NULL;
        }
        PyTuple_SET_ITEM(found, 2, item);
        return found;
    }

    /* data[start:end], a line, as text without its LF and a CR before it when all ASCII, else None:
       see scan_api.ascii_line */
    static PyObject *badugi_scan_ascii_line(PyObject *buffer, Py_ssize_t start, Py_ssize_t end) {
        const unsigned char *data;
        if (start < 0 || end > PyBytes_GET_SIZE(buffer) || start > end) {
            PyErr_SetString(PyExc_IndexError, "ascii_line: range outside the buffer");
            return NULL;
        }
        data = (const unsigned char *)PyBytes_AS_STRING(buffer);
        if (!badugi_scan_is_ascii(data + start, end - start)) {
            Py_RETURN_NONE;
        }
        if (end > start && data[end - 1] == '\\n') {
            end--;
        }
        if (end > start && data[end - 1] == '\\r') {
            end--;
        }
        return PyUnicode_FromKindAndData(PyUnicode_1BYTE_KIND, data + start, end - start);
    }

    /* whether data[at:] starts with one of the byte strings of the tuple prefixes: see scan_api.starts */
    static int badugi_scan_starts(PyObject *buffer, Py_ssize_t at, PyObject *prefixes) {
        const char *data = PyBytes_AS_STRING(buffer);
        Py_ssize_t n = PyBytes_GET_SIZE(buffer), count = PyTuple_GET_SIZE(prefixes), i, size;
        for (i = 0; i < count; i++) {
            PyObject *prefix = PyTuple_GET_ITEM(prefixes, i);
            if (!PyBytes_Check(prefix)) {
                PyErr_SetString(PyExc_TypeError, "starts: prefixes must be bytes");
                return -1;
            }
            size = PyBytes_GET_SIZE(prefix);
            if (at >= 0 && size <= n - at && memcmp(data + at, PyBytes_AS_STRING(prefix), (size_t)size) == 0) {
                return 1;
            }
        }
        return 0;
    }

    /* what run_found returns: the kind of run (-1: an error is set), where it ends, how many lines */
    typedef struct {
        int kind;
        Py_ssize_t end;
        Py_ssize_t lines;
    } badugi_scan_found_t;

    static CYTHON_INLINE badugi_scan_found_t badugi_scan_made(int kind, Py_ssize_t end, Py_ssize_t lines) {
        badugi_scan_found_t found;
        found.kind = kind;
        found.end = end;
        found.lines = lines;
        return found;
    }

    /* (kind, end, lines) of the run of whole lines starting at data[at], as a C struct: see scan_api.run */
    static badugi_scan_found_t badugi_scan_run_found(PyObject *buffer, Py_ssize_t at, PyObject *stops,
                                                     PyObject *prefixes) {
        const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(buffer);
        const unsigned char *table = (const unsigned char *)PyBytes_AS_STRING(stops);
        Py_ssize_t n = PyBytes_GET_SIZE(buffer), lines = 0;
        const unsigned char *end, *q;
        unsigned char first;
        int is;
        if (PyBytes_GET_SIZE(stops) < 256) {
            PyErr_SetString(PyExc_ValueError, "the stop table must hold 256 bytes");
            return badugi_scan_made(-1, 0, 0);
        }
        if (at < 0 || at >= n || (end = memchr(data + at, '\\n', (size_t)(n - at))) == NULL) {
            return badugi_scan_made(0, at, 0);
        }
        first = data[at];
        if (first == '\\n' || badugi_scan_blank_byte(first)) {
            for (;;) {  /* blank lines: only spaces, tabs and CRs before the LF */
                q = data + at;
                while (q < end && badugi_scan_blank_byte(*q)) {
                    q++;
                }
                if (q != end) {
                    break;
                }
                lines++;
                at = (end - data) + 1;
                if (at >= n || (end = memchr(data + at, '\\n', (size_t)(n - at))) == NULL) {
                    break;
                }
            }
            if (lines) {
                return badugi_scan_made(1, at, lines);
            }
            return badugi_scan_made(2, (end - data) + 1, 1);
        }
        if (table[first]) {
            if ((is = badugi_scan_starts(buffer, at, prefixes)) != 0) {
                return is < 0 ? badugi_scan_made(-1, 0, 0) : badugi_scan_made(2, (end - data) + 1, 1);
            }
        }
        for (;;) {  /* body lines: up to a line that starts like a blank one or with a prefix, or one not whole */
            lines++;
            at = (end - data) + 1;
            if (at >= n) {
                break;
            }
            first = data[at];
            if (table[first]) {  /* (only a stop byte can start a blank line or a prefix) */
                if (first == '\\n' || badugi_scan_blank_byte(first)) {
                    break;
                }
                if ((is = badugi_scan_starts(buffer, at, prefixes)) != 0) {
                    if (is < 0) {
                        return badugi_scan_made(-1, 0, 0);
                    }
                    break;
                }
            }
            end = memchr(data + at, '\\n', (size_t)(n - at));
            if (end == NULL) {
                break;
            }
        }
        return badugi_scan_made(3, at, lines);
    }

    /* (kind, end, lines) of the run of whole lines starting at data[at], a tuple: see scan_api.run */
    static PyObject *badugi_scan_run(PyObject *buffer, Py_ssize_t at, PyObject *stops, PyObject *prefixes) {
        badugi_scan_found_t found = badugi_scan_run_found(buffer, at, stops, prefixes);
        if (found.kind < 0) {
            return NULL;
        }
        return badugi_scan_found(found.kind, found.end, found.lines);
    }

    /* where badugi_scan_ascii_text copies a hand's bytes first (it runs holding the GIL, so one buffer serves every
       thread); let go when a hand made it larger than BADUGI_SCAN_SCRATCH_KEPT bytes */
    #define BADUGI_SCAN_SCRATCH_KEPT (1 << 20)
    static Py_UCS1 *badugi_scan_scratch = NULL;
    static Py_ssize_t badugi_scan_scratch_size = 0;

    /* data[start:end] as a hand's text when all ASCII, else None: see scan_api.ascii_text. One pass: sixteen bytes at
       a time checked for a non-ASCII byte and a CR and copied into a scratch buffer; at a CR the copy resumes after it
       when it is dropped (a CR before a LF, or the last byte). The text is then made at its size and the copy moved
       into it by memcpy. (Before: the text made one byte longer than the bytes, copied into and cut to its size by
       PyUnicode_Resize, ~0.4k instructions a hand of a CRLF file; and before that the bytes checked a byte at a time,
       then every CR found twice by memchr and each line copied by its own memcpy.) */
    static PyObject *badugi_scan_ascii_text(PyObject *buffer, Py_ssize_t start, Py_ssize_t end) {
        const unsigned char *data, *p, *stop;
        Py_ssize_t n, size;
        Py_UCS1 *out, *first;
        PyObject *text;
        unsigned char c;
        if (start < 0 || end > PyBytes_GET_SIZE(buffer) || start > end) {
            PyErr_SetString(PyExc_IndexError, "ascii_text: range outside the buffer");
            return NULL;
        }
        data = (const unsigned char *)PyBytes_AS_STRING(buffer) + start;
        n = end - start;
        stop = data + n;
        if (badugi_scan_scratch_size < n + 1) {  /* (the bytes, and a LF that may be added) */
            Py_UCS1 *grown = (Py_UCS1 *)PyMem_Realloc(badugi_scan_scratch, (size_t)(n + 1));
            if (grown == NULL) {
                return PyErr_NoMemory();
            }
            badugi_scan_scratch = grown;
            badugi_scan_scratch_size = n + 1;
        }
        first = out = badugi_scan_scratch;
        p = data;
    #if defined(__SSE2__)
        {
            const __m128i crs = _mm_set1_epi8('\\r');
            __m128i v;
            int found;
            while (stop - p >= 16) {  /* (out stays at or before p's place, so 16 bytes stored there fit) */
                v = _mm_loadu_si128((const __m128i *)p);
                if (_mm_movemask_epi8(v)) {
                    Py_RETURN_NONE;
                }
                _mm_storeu_si128((__m128i *)out, v);
                found = _mm_movemask_epi8(_mm_cmpeq_epi8(v, crs));
                if (!found) {
                    p += 16;
                    out += 16;
                    continue;
                }
                found = __builtin_ctz((unsigned int)found);
                p += found + 1;  /* past the CR */
                out += found;  /* at the CR, stored already: kept unless a LF or the end follows it */
                if (!(p == stop || *p == '\\n')) {
                    out++;
                }
            }
        }
    #endif
        for (; p < stop; p++) {
            c = *p;
            if (c & 0x80) {
                Py_RETURN_NONE;
            }
            if (c == '\\r' && (p + 1 == stop || p[1] == '\\n')) {
                continue;
            }
            *out++ = c;
        }
        if (out == first || out[-1] != '\\n') {
            *out++ = '\\n';
        }
        size = out - first;
        text = PyUnicode_New(size, 127);
        if (text != NULL) {
            memcpy(PyUnicode_1BYTE_DATA(text), first, (size_t)size);
        }
        if (badugi_scan_scratch_size > BADUGI_SCAN_SCRATCH_KEPT) {
            PyMem_Free(badugi_scan_scratch);
            badugi_scan_scratch = NULL;
            badugi_scan_scratch_size = 0;
        }
        return text;
    }

    /* an instance of a slotted class, each member descriptor set: see scan_api.record */
    static PyObject *badugi_scan_record(PyTypeObject *type, PyObject *slots, PyObject *values) {
        Py_ssize_t n = PyTuple_GET_SIZE(values), i;
        PyObject *made;
        if (PyTuple_GET_SIZE(slots) < n) {
            PyErr_SetString(PyExc_ValueError, "record: more values than slots");
            return NULL;
        }
        made = type->tp_alloc(type, 0);
        if (made == NULL) {
            return NULL;
        }
        for (i = 0; i < n; i++) {
            PyObject *slot = PyTuple_GET_ITEM(slots, i);
            descrsetfunc set = Py_TYPE(slot)->tp_descr_set;
            if (set == NULL) {
                PyErr_SetString(PyExc_TypeError, "record: a slot that cannot be set");
                Py_DECREF(made);
                return NULL;
            }
            if (set(slot, made, PyTuple_GET_ITEM(values, i)) < 0) {
                Py_DECREF(made);
                return NULL;
            }
        }
        return made;
    }
    """
    bint compiled "BADUGI_SCAN_COMPILED"
    int NONE "0"
    int BLANK "1"
    int LINE "2"
    int BODY "3"
    ctypedef struct found_t "badugi_scan_found_t":
        int kind
        Py_ssize_t end
        Py_ssize_t lines
    tuple run "badugi_scan_run" (bytes buffer, Py_ssize_t at, bytes stops, tuple prefixes)
    found_t run_found "badugi_scan_run_found" (bytes buffer, Py_ssize_t at, bytes stops, tuple prefixes) except *
    object ascii_text "badugi_scan_ascii_text" (bytes buffer, Py_ssize_t start, Py_ssize_t end)
    object ascii_line "badugi_scan_ascii_line" (bytes buffer, Py_ssize_t start, Py_ssize_t end)
    bint starts "badugi_scan_starts" (bytes buffer, Py_ssize_t at, tuple prefixes) except -1
    object record "badugi_scan_record" (type cls, tuple slots, tuple values)

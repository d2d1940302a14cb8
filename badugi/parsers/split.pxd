# Cython declarations for split.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The UTF-8 scan's C calls (``scan_api.pxd``: the name ``split.py`` imports its pure-Python twin by).
cimport cython
cimport badugi.parsers.scan_api as _scan

# a hand of the UTF-8 scan made without a Python call's argument parsing
@cython.locals(data=bytes, start=Py_ssize_t, end=Py_ssize_t)
cpdef _scanned_hand(bytes buffer, Py_ssize_t base, list parts, Py_ssize_t offset, Py_ssize_t end_offset,
                    Py_ssize_t first, Py_ssize_t last_line, room, bint complete, encoding)

# the registry's room of a hand's first line (``rooms.detect_room``), called in C by the splitter
cpdef room_detected(str line, tuple detectors)

# the compiled UTF-8 scan's state (its offsets and counts C integers) and its loop over a buffer
@cython.final
cdef class _Scan:
    cdef public object encoding, detect, blank_ends_hand, room
    cdef public tuple candidates, rooms
    cdef public bytes stops, buffer
    cdef public Py_ssize_t base, at, line_no, first, offset, end_offset, last_line
    cdef public list parts
    cdef public bint is_open, pending_blank

    @cython.locals(out=list, buffer=bytes, n=Py_ssize_t, at=Py_ssize_t, line_no=Py_ssize_t, run=_scan.found_t,
                   kind=int, stop=Py_ssize_t, count=Py_ssize_t, last=bint, first_of_piece=Py_ssize_t,
                   lead=cython.uchar)
    cpdef list hands(self, bint done)

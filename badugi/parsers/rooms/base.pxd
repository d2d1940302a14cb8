# Cython declarations for base.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Only locals are typed: text cut by str methods is always a str, so Cython calls those methods directly
# instead of looking each one up on an object; the card table is a dict, looked up in C.
cimport cython
# ``str.isascii`` in C (``text_api.pxd``; pure twin text_api.py)
cimport badugi.parsers.rooms.text_api as _text

@cython.locals(digits=str, whole=str, dot=str, frac=str)
cpdef _read_amount(text)

@cython.locals(names=list, named=dict)
cpdef tuple _read_cards(group)

# The readers of amounts and card groups other compiled readers call (``cimport``: a C call, not Python's protocol)
@cython.locals(plain=cython.longlong)
cpdef amount_hundredths(text)

# an amount read in place in a part of a text (``amount_hundredths`` of the part)
@cython.locals(plain=cython.longlong)
cpdef amount_in(str text, Py_ssize_t start, Py_ssize_t end)

# amounts and card groups in the room's plain notation, read by scanning characters in C
@cython.locals(at=Py_ssize_t, place=Py_ssize_t, char=Py_UCS4, whole=cython.longlong,
               digits=Py_ssize_t, fraction=cython.longlong)
cdef long long _plain_amount(str text, Py_ssize_t start, Py_ssize_t end)

@cython.locals(end=Py_ssize_t, at=Py_ssize_t, first=Py_ssize_t, count=Py_ssize_t, rank=int, suit=int,
               packed=cython.longlong, deck=tuple, cards=list)
cdef tuple _room_cards(str group, Py_ssize_t start, Py_ssize_t stop)

cdef inline int _rank_number(Py_UCS4 char)

cdef inline int _suit_number(Py_UCS4 char)

cpdef cards_of(group)
# a group read in place in a text (``cards_of`` of its part)
@cython.locals(found=tuple)
cpdef tuple cards_in(str text, Py_ssize_t start, Py_ssize_t stop)

# whether a first line holds the room's read words: ``badugi`` in ASCII text found by a scan of characters in C
@cython.locals(end=Py_ssize_t)
cdef str _first_line(str text)
@cython.locals(found=int)
cdef bint _holds_read_words(words, str text) except -1
@cython.locals(end=Py_ssize_t, at=Py_ssize_t, code=long)
cdef int _ascii_badugi(str text) except -2

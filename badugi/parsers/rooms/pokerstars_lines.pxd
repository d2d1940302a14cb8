# Cython declarations for pokerstars_lines.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Only locals are typed: text cut out of a line by str methods is always a str, so Cython calls those
# methods (find, rstrip, partition, slicing, ...) directly instead of looking each one up on an object.
# Arguments stay untyped: what the readers accept is exactly what the pure-Python twin accepts.
cimport cython
# amounts and card groups read by C calls into rooms.base (its cpdef readers)
from badugi.parsers.rooms.base cimport amount_hundredths, amount_in, cards_in, cards_of
# a memo's lookup as a C call (``memo_api.pxd``: the name ``pokerstars_lines.py`` imports its pure-Python twin by)
cimport badugi.parsers.rooms.memo_api as _memo_api
# the line values made in C (``values_api.pxd``: the type's ``tp_new`` and its struct fields set; pure twin
# values_api.py)
cimport badugi.parsers.rooms.values_api as _values
# a word tested at a position in C (``text_api.pxd``: no Python ints made of the positions; pure twin text_api.py)
cimport badugi.parsers.rooms.text_api as _text

@cython.locals(text=str, body=str, cut=Py_ssize_t, patterns=dict, name=str, rest=str, to=Py_ssize_t)
cpdef _act_value(text)

# the plain shapes of a few terminals, checked by scanning characters in C (else their regex decides)
@cython.locals(end=Py_ssize_t)
cdef bint _is_money(str rest, Py_ssize_t at) except -1
@cython.locals(start=Py_ssize_t)
cdef bint _is_amount(str text, Py_ssize_t at, Py_ssize_t end) except -1
@cython.locals(line=str, at=Py_ssize_t, end=Py_ssize_t, opening=Py_ssize_t, sitting_out=bint, number=cython.longlong)
cdef _plain_seat_value(str text)
# a run of ASCII digits read in place (-1: ``int`` reads it)
@cython.locals(value=cython.longlong, char=Py_UCS4)
cdef long long _ascii_int(str text, Py_ssize_t at, Py_ssize_t end) except -2
cdef bint _plain_post(str rest) except -1
@cython.locals(at=Py_ssize_t, end=Py_ssize_t)
cdef bint _plain_discard(str rest) except -1
cdef bint _is_cards(str text, Py_ssize_t at, Py_ssize_t end) except -1
@cython.locals(close=Py_ssize_t, end=Py_ssize_t)
cdef bint _plain_show(str rest) except -1
@cython.locals(line=str, end=Py_ssize_t, cut=Py_ssize_t, at=Py_ssize_t)
cdef _plain_other(str text)

@cython.locals(text=str, patterns=dict, kind=str)
cpdef _read_run_line(text)

cpdef _act_of(str kind, name, rest)

# (the blocks typed str: cut by ``PyUnicode_Split`` in C, where an object's ``split`` is a method call)
@cython.locals(block=str, values=list)
cpdef list read_run(block)
@cython.locals(block=str)
cpdef list read_new_run(block)
# (a part of a text read in place: its lines found and cut in C, ``text_api``)
@cython.locals(values=list, at=Py_ssize_t, stop=Py_ssize_t)
cpdef list read_new_run_in(str block, Py_ssize_t start, Py_ssize_t end)
@cython.locals(end=Py_ssize_t, bracket=Py_ssize_t, before=Py_ssize_t)
cdef _dealt_in(str block, Py_ssize_t at, Py_ssize_t stop)
# an action in its plain shape read in place (no line cut out, no memo lookup), else None
@cython.locals(end=Py_ssize_t, colon=Py_ssize_t, rest=Py_ssize_t, size=Py_ssize_t, money=Py_ssize_t, to=Py_ssize_t,
               digits=Py_ssize_t, after=Py_ssize_t, close=Py_ssize_t, label=Py_ssize_t, words=str)
cdef _act_in(str block, Py_ssize_t at, Py_ssize_t stop)
# a ``collected`` line in its plain shape read in place (no line cut out), else None
@cython.locals(end=Py_ssize_t, cut=Py_ssize_t, money=Py_ssize_t, pot=Py_ssize_t, dash=Py_ssize_t, words=str)
cdef _collect_in(str block, Py_ssize_t at, Py_ssize_t stop)
@cython.locals(money=Py_ssize_t)
cdef Py_ssize_t _money_end(str text, Py_ssize_t start, Py_ssize_t at, Py_ssize_t end) except -2

@cython.locals(block=str)
cpdef list read_seat_lines(block)
@cython.locals(values=list, at=Py_ssize_t, stop=Py_ssize_t)
cpdef list read_seat_lines_in(str block, Py_ssize_t start, Py_ssize_t end)
@cython.locals(end=Py_ssize_t)
cdef Py_ssize_t _trimmed_end(str block, Py_ssize_t at, Py_ssize_t stop) except -2
@cython.locals(name=Py_ssize_t)
cdef Py_ssize_t _seat_head_in(str block, Py_ssize_t at, Py_ssize_t end) except -2
# a seat line in its plain shape read in place (no line cut out, no memo lookup), else None
@cython.locals(end=Py_ssize_t, name=Py_ssize_t, sitting_out=bint, opening=Py_ssize_t, number=cython.longlong)
cdef _seat_in(str block, Py_ssize_t at, Py_ssize_t stop)

cpdef read_summary_block(block)
@cython.locals(block=str)
cpdef list read_new_summary_block(block)
@cython.locals(values=list, at=Py_ssize_t, stop=Py_ssize_t)
cpdef list read_summary_lines_in(str block, Py_ssize_t start, Py_ssize_t end)

cpdef read_pot_line(text)

# a line's end stripped of blanks (and its line end) by a scan in C
@cython.locals(end=Py_ssize_t)
cdef str _blanks_stripped(str text, bint line_end)

# a value its reader just gave, kept in the memo (``Memo.read`` without its Python calls), at the memo's limit
cdef _remember(lines, Py_ssize_t limit, text, value)

@cython.locals(text=str)
cpdef tuple _money_and_all_in(rest)

@cython.locals(by=str, to=str)
cpdef _raise(name, rest)

@cython.locals(cut=Py_ssize_t, bracket=Py_ssize_t)
cpdef _discard(name, str rest)
@cython.locals(value=cython.longlong, at=Py_ssize_t)
cpdef int_at(str text, Py_ssize_t start, Py_ssize_t end)

@cython.locals(tail=str)
cpdef _stand_pat(name, rest)

@cython.locals(rest=str, close=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t)
cpdef _show(name, rest)

@cython.locals(body=str, cut=Py_ssize_t, before=Py_ssize_t)
cpdef _dealt(text)

@cython.locals(body=str, cut=Py_ssize_t, start=Py_ssize_t, at=Py_ssize_t, amount=str, dash=Py_ssize_t, pot=str)
cpdef _collect(text)

@cython.locals(amount=str, name=str)
cpdef _uncalled(text)

@cython.locals(line=str, head=str, rest=str, name_part=str, stack=str, number=str, name=str, note=str)
cpdef read_seat_line(text)

@cython.locals(patterns=dict)
cpdef _read_seat_line(text)

@cython.locals(patterns=dict)
cpdef _read_summary_seat(text)
@cython.locals(at=Py_ssize_t, end=Py_ssize_t)
cdef Py_ssize_t _seat_name_start(str line) except -2
@cython.locals(line=str, at=Py_ssize_t, end=Py_ssize_t, cut=Py_ssize_t)
cdef _plain_summary_seat(str text)
@cython.locals(cut=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t, size=Py_ssize_t)
cdef bint _plain_folded(str line, Py_ssize_t at) except -1
@cython.locals(cut=Py_ssize_t, close=Py_ssize_t)
cdef bint _plain_showed(str line, Py_ssize_t at) except -1

@cython.locals(head=str)
cpdef _summary_seat(head, result, folded_street=*, won=*, cards=*, label=*)
cdef _summary_seat_in(str line, Py_ssize_t head_end, result, folded_street, won, cards, label)
@cython.locals(colon=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t)
cdef _summary_seat_at(str line, Py_ssize_t at, Py_ssize_t head_end, result, folded_street, won, cards, label)
# ``find`` and ``rfind`` of a word in a part of a text, in C
@cython.locals(last=Py_ssize_t, k=Py_ssize_t, char=Py_UCS4, found=Py_ssize_t)
cdef Py_ssize_t _find_in(str text, str word, Py_ssize_t at, Py_ssize_t end) except -2
@cython.locals(last=Py_ssize_t, k=Py_ssize_t, char=Py_UCS4, found=Py_ssize_t)
cdef Py_ssize_t _rfind_in(str text, str word, Py_ssize_t at, Py_ssize_t end) except -2
# a summary seat line in a plain shape read in place (no line cut out, no memo lookup), else None
@cython.locals(end=Py_ssize_t, name=Py_ssize_t, cut=Py_ssize_t, start=Py_ssize_t, rest=Py_ssize_t, size=Py_ssize_t,
               street=Py_ssize_t, close=Py_ssize_t)
cdef _summary_in(str block, Py_ssize_t at, Py_ssize_t stop)

@cython.locals(body=str, cut=Py_ssize_t)
cpdef _folded_seat(body)

@cython.locals(body=str, cut=Py_ssize_t, rest=Py_ssize_t, close=Py_ssize_t, end=Py_ssize_t, at=Py_ssize_t,
               cut_with=Py_ssize_t)
cpdef _showed_seat(body)

@cython.locals(body=str, cut=Py_ssize_t)
cpdef _mucked_seat(body)

@cython.locals(body=str, cut=Py_ssize_t)
cpdef _collected_seat(body)

@cython.locals(words=str)
cpdef _post(name, str rest)

cpdef _call(name, rest)

cpdef _bet(name, rest)

@cython.locals(block=str, values=list, text=str, parts=list, k=Py_ssize_t)
cpdef list _read_act_block(block)

@cython.locals(block=str)
cpdef list _read_summary_block(block)

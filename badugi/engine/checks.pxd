# Cython declarations for checks.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.record cimport Hand, Claims, Uncalled
from badugi.engine.settlement cimport Settlement
cimport badugi.engine.tuple_api as _tuple_api
# a Payout's fields by their place (C integer constants)
cdef Py_ssize_t _P_PLAYER, _P_INDEX, _P_AMOUNT, _P_POT, _P_LINE
cdef tuple _NOT_NAMED

# the claim checks: the hand and the walk typed (their fields read as C struct members)
cpdef list check_uncalled(Hand hand, Walk w, Settlement s, rules)
@cython.locals(k=Py_ssize_t, names=list, u=Uncalled)
cdef bint _claimed_as_derived(Walk w, written, list uncalled) except -1
@cython.locals(claims=Claims)
cpdef list check_pots(Hand hand, Walk w, Settlement s, rules)
@cython.locals(claims=Claims)
cpdef list check_rake(Hand hand, Walk w, Settlement s, rules)
cpdef list check_money(Hand hand, Walk w, Settlement s, rules)
@cython.locals(reached=Py_ssize_t)
cpdef list check_shown_cards(Hand hand, Walk w, Settlement s, rules)
@cython.locals(mask_a=Py_ssize_t, mask_b=Py_ssize_t)
cdef bint _same_cards(a, b) except -1

cpdef list check_card_identity(Hand hand, Walk w, Settlement s, rules)

@cython.locals(j=Py_ssize_t, k=Py_ssize_t, n=Py_ssize_t, slot_of=dict, show_lines=dict, holds=dict, known_from=dict,
               stages=tuple, holdings=tuple, new_cards=dict, discards_of=dict)
cpdef list _card_identity(Hand hand, Walk w, Settlement s, rules)

# card masks: 52 bits fit a C integer (``_mask`` answers -1 for a card outside 0..51 before shifting by it)
@cython.locals(mask=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t)
cdef Py_ssize_t _mask(cards, Py_ssize_t into) except? -2

@cython.locals(j=Py_ssize_t, k=Py_ssize_t, seen=Py_ssize_t, known=Py_ssize_t, gone=Py_ssize_t, new=Py_ssize_t,
               shown=Py_ssize_t, before=Py_ssize_t, after=Py_ssize_t, stages=tuple)
cpdef bint _held_apart(tuple holdings, dict new_cards, dict discards_of, Py_ssize_t n) except -1

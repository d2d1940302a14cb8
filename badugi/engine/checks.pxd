# Cython declarations for checks.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.record cimport Hand

@cython.locals(j=Py_ssize_t, k=Py_ssize_t, n=Py_ssize_t, slot_of=dict, show_lines=dict, holds=dict, known_from=dict,
               stages=tuple, holdings=tuple, new_cards=dict, discards_of=dict)
cpdef list check_card_identity(Hand hand, Walk w, s, rules)

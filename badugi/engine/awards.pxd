# Cython declarations for awards.py (an augmenting .pxd: the .py file stays the pure-Python source).
# the evaluator under the name awards.py imports it by: its ``class_of`` a C call
cimport badugi.engine.evaluator as _evaluator

cpdef hand_class(cards)

cpdef tuple half_classes(game)

cpdef tuple best_shown(shows, eligible, class_of=*, dict valued=*)

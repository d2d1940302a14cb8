# Cython declarations for replay.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The types are cimported under other names: replay.py re-exports the Python name ``Walk``.
cimport cython
from badugi.engine.walk cimport Walk as WalkType
from badugi.engine.table cimport Table as TableType
from badugi.engine.record cimport Hand
from badugi.engine.settlement cimport Settlement as SettlementType
# the modules whose functions replay calls as C functions (replay.py imports them under the same names)
cimport badugi.engine.checks as _checks
cimport badugi.engine.checks_showdown as _showdown
cimport badugi.engine.facts as _facts
cimport badugi.engine.settlement as _settlement
cimport badugi.engine.walk as _walk
# a slot set through its descriptor in C under the name replay.py imports its pure-Python twin by (slots_api.py)
cimport badugi.engine.slots_api as _slots_api
# Replay's fields' slot descriptors (module constants, read as C statics)
cdef object _R_HAND_ID, _R_VIOLATIONS, _R_UNDETERMINED, _R_ORDER, _R_POTS, _R_TOTAL_POT, _R_RAKE, _R_PLAYERS, _R_SHOWDOWN, _R_ENDED_STREET, _R_AWARDS_DERIVED, _R_STEPS_SOURCE, _R_STEPS
# a record's allocation in C under the name replay.py imports its pure-Python twin by (alloc_api.py)
cimport badugi.engine.alloc_api as _alloc_api

@cython.locals(walk=WalkType, found=list, settled=SettlementType)
cpdef replay(hand, rules=*, checks=*)

@cython.locals(room_rules=dict, found_rules=dict, found=tuple)
cpdef _rules_of(Hand hand)

@cython.locals(found=list, got=list)
cdef inline int _add(list found, list got) except -1

cpdef list _default_checks(hand, WalkType walk, SettlementType settled, rules)

@cython.locals(t=TableType)
cpdef _result(WalkType walk, SettlementType settled, violations, undetermined, tuple players, steps)

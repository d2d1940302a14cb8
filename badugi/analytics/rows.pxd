# Cython declarations for rows.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The records are extension types (badugi/engine/record.pxd): a hand's seats and events, and each seat's
# player, are read from their C structs.
cimport cython
from badugi.engine.record cimport Hand, Seat

@cython.locals(seat=Seat, rows=dict)
cpdef add_hand(columns, Hand hand, replay)

cpdef dict _add_events(columns, Hand hand, ix)

cpdef dict _record_holdings(Hand hand)

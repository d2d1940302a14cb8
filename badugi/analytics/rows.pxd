# Cython declarations for rows.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The records are extension types (badugi/engine/record.pxd): a hand's seats and events, and each seat's
# player, are read from their C structs. The rows' lists are typed: ``rows.extend((a, b, c))`` is then a C call,
# not a bound method looked up and called through Python's generic call. The dicts are typed too: their ``get``
# is a C call, not a method looked up and called. The events whose fields the loop reads (a collect, a deal, a
# show or muck, a draw) are typed, read from their C structs; a player's facts and holdings (``NamedTuple`` s)
# by their fields' places (``descriptor_api.field``), C integers here.
cimport cython
cimport badugi.analytics.descriptor_api as _descriptor_api
from badugi.engine.record cimport Collect, Draw, DrawDeal, Hand, Muck, Seat, Show
# (``_shown`` calls the evaluator's ``class_of`` as a C function, where it called it through Python's generic call)
from badugi.engine.evaluator cimport class_of

cdef Py_ssize_t _PLAYER, _HOLDINGS, _DEALT, _AFTER, _SHOWN
cdef tuple _LABELS, _SHOWN_BY_CLASS
cdef Py_ssize_t _SHOW_TAG, _MUCK_TAG

@cython.locals(seat=Seat, hand_rows=list, player_rows=list, holding_rows=list, pot_rows=list,
               violation_rows=list, undetermined_rows=list, facts=dict, collected=dict)
cpdef add_hand(columns, Hand hand, replay)

@cython.locals(action_types=tuple, action_lists=tuple, action_tags=list, showdown_tags=list, types=Py_ssize_t, k=Py_ssize_t, action_rows=list, show_rows=list, muck_rows=list, collect_rows=list,
               draw_rows=list, draws=list, deals=dict, collected=dict, collect=Collect, deal=DrawDeal, show=Show,
               muck=Muck, draw=Draw)
cpdef dict _add_events(columns, Hand hand, ix)

cpdef _shown(cards)

@cython.locals(known=list, k=Py_ssize_t)
cpdef _add_replay_holdings(list holding_rows, players, ix)

cpdef _add_sorted_holdings(list holding_rows, players, ix)

cpdef dict _record_holdings(Hand hand)

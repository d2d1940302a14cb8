# Inline Cython only (never compiled on its own): each maker allocates a line value's extension type (``T.__new__(T)``:
# its ``tp_new``, every field None) and sets its C struct fields, compiled into the module that cimports this (the
# fields are ``readonly`` to Python only): the value its class's call makes from the same values by position.
# Pure-Python twins: ``values_api.py``.
from badugi.parsers.rooms.pokerstars_values cimport (
    BetLine, CallLine, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine, MuckLine, PostLine, RaiseLine,
    SeatLine, ShowLine, StandPatLine, SummarySeatLine, UncalledLine)


cdef inline FoldLine fold_line(object name):
    cdef FoldLine made = FoldLine.__new__(FoldLine)
    made.name = name
    return made


cdef inline CheckLine check_line(object name):
    cdef CheckLine made = CheckLine.__new__(CheckLine)
    made.name = name
    return made


cdef inline MuckLine muck_line(object name):
    cdef MuckLine made = MuckLine.__new__(MuckLine)
    made.name = name
    return made


cdef inline CallLine call_line(object name, object amount, object all_in):
    cdef CallLine made = CallLine.__new__(CallLine)
    made.name = name
    made.amount = amount
    made.all_in = all_in
    return made


cdef inline BetLine bet_line(object name, object amount, object all_in):
    cdef BetLine made = BetLine.__new__(BetLine)
    made.name = name
    made.amount = amount
    made.all_in = all_in
    return made


cdef inline RaiseLine raise_line(object name, object by, object to, object all_in):
    cdef RaiseLine made = RaiseLine.__new__(RaiseLine)
    made.name = name
    made.by = by
    made.to = to
    made.all_in = all_in
    return made


cdef inline PostLine post_line(object name, object kind, object amount, object all_in):
    cdef PostLine made = PostLine.__new__(PostLine)
    made.name = name
    made.kind = kind
    made.amount = amount
    made.all_in = all_in
    return made


cdef inline DiscardLine discard_line(object name, object count, object cards):
    cdef DiscardLine made = DiscardLine.__new__(DiscardLine)
    made.name = name
    made.count = count
    made.cards = cards
    return made


cdef inline StandPatLine stand_pat_line(object name, object cards):
    cdef StandPatLine made = StandPatLine.__new__(StandPatLine)
    made.name = name
    made.cards = cards
    return made


cdef inline ShowLine show_line(object name, object cards, object label):
    cdef ShowLine made = ShowLine.__new__(ShowLine)
    made.name = name
    made.cards = cards
    made.label = label
    return made


cdef inline DealtLine dealt_line(object name, object held, object new):
    cdef DealtLine made = DealtLine.__new__(DealtLine)
    made.name = name
    made.held = held
    made.new = new
    return made


cdef inline UncalledLine uncalled_line(object name, object amount):
    cdef UncalledLine made = UncalledLine.__new__(UncalledLine)
    made.name = name
    made.amount = amount
    return made


cdef inline CollectLine collect_line(object name, object amount, object pot):
    cdef CollectLine made = CollectLine.__new__(CollectLine)
    made.name = name
    made.amount = amount
    made.pot = pot
    return made


cdef inline SeatLine seat_line(object seat, object name, object stack, object sitting_out, object note):
    cdef SeatLine made = SeatLine.__new__(SeatLine)
    made.seat = seat
    made.name = name
    made.stack = stack
    made.sitting_out = sitting_out
    made.note = note
    return made


cdef inline SummarySeatLine summary_seat_line(object seat, object name, object result, object position,
                                             object folded_street, object won, object cards, object label):
    cdef SummarySeatLine made = SummarySeatLine.__new__(SummarySeatLine)
    made.seat = seat
    made.name = name
    made.result = result
    made.position = position
    made.folded_street = folded_street
    made.won = won
    made.cards = cards
    made.label = label
    return made

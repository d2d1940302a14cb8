# Cython declarations for walk.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.table cimport Table
from badugi.engine.record cimport Hand, Post, Deal, Draw, DrawDeal, Show, Muck, Uncalled, Collect, CapNotice
from badugi.engine.record cimport Fold, Check, Call, Bet, Raise, Seat, DrawPot, Stakes
# C-only helpers under the names walk.py imports their pure-Python twins by
cimport badugi.engine.cards_api as _cards_api
cimport badugi.engine.tuple_api as _tuple_api
cimport badugi.engine.names_api as _names_api

cdef Py_ssize_t _FOLD, _CHECK, _CALL, _BET, _RAISE, _POSTING, _BETTING, _DRAWING
cdef object _SMALL_BLIND, _BIG_BLIND, _ANTE, _POST_KIND, _CARD
cdef list _UNDRAWN, _NONE
cdef dict _NONE_OF

@cython.final
cdef class Walk:
    cdef public Hand hand
    cdef public object rules, hero, big_blind, sb_post, bb_post, started, dead, ante, pots_judged
    cdef public Py_ssize_t raises_in_round
    cdef public object misplaced
    cdef public list labels
    cdef public Table table
    cdef public list violations, steps, names, stages, drawn, draw_slots, collects, uncalled, acts, folded_street
    cdef public list return_lines
    cdef public dict discards, new_cards, shows, mucks

    @cython.locals(seats=tuple, stakes=Stakes, n=Py_ssize_t, table=Table, k=Py_ssize_t)
    cdef _setup(self, Hand hand, rules, bint record_steps)
    cpdef run(self)
    cpdef flag(self, code, line, expected, found, message=*)
    cdef _returned_at(self, line)
    cpdef flag_all(self, problems, line)
    @cython.locals(seat=Seat)
    cpdef _check_table_size(self, tuple seats, object max_seats)
    @cython.locals(i=Py_ssize_t)
    cpdef index(self, player, line)
    cpdef step(self, line, i, kind, amount, to_call, note=*, street=*, back=*)
    @cython.locals(i=Py_ssize_t)
    cpdef on_show(self, Show show)
    @cython.locals(i=Py_ssize_t)
    cpdef on_muck(self, Muck muck)
    cpdef on_uncalled(self, Uncalled uncalled)
    @cython.locals(t=Table)
    cpdef on_cap(self, CapNotice notice)
    cpdef on_collect(self, Collect collect)
    @cython.locals(t=Table, i=Py_ssize_t, ante=bint, small=bint, big=bint)
    cpdef on_post(self, Post post)
    cpdef _check_ante(self, Post post, stack, bint again)
    @cython.locals(t=Table)
    cpdef _check_missing_antes(self, line)
    cpdef _check_blind(self, Py_ssize_t i, Post post, expected_index, amount, stack)
    cpdef check_allin_mark(self, Py_ssize_t i, claimed, line)
    @cython.locals(t=Table)
    cpdef move_to(self, street, drawing, line)
    @cython.locals(t=Table, i=Py_ssize_t, kind=Py_ssize_t, fold=Fold, check=Check, call=Call, bet=Bet, raise_=Raise,
                   returned=list, problems=tuple, street=Py_ssize_t, raises=Py_ssize_t, n_returned=Py_ssize_t)
    cpdef on_action(self, action)
    @cython.locals(t=Table, i=Py_ssize_t, k=Py_ssize_t, row=list, thrown=Py_ssize_t, held=Py_ssize_t)
    cpdef on_draw(self, Draw draw)
    @cython.locals(t=Table, j=Py_ssize_t, all_ins=Py_ssize_t)
    cpdef _check_draw_pot(self, Py_ssize_t draw_no)
    @cython.locals(i=Py_ssize_t, k=Py_ssize_t, held=Py_ssize_t, gone=Py_ssize_t, kept=Py_ssize_t, fresh=Py_ssize_t,
                   own_back=bint)
    cpdef on_draw_deal(self, DrawDeal deal)
    @cython.locals(i=Py_ssize_t)
    cpdef on_deal(self, Deal deal)
    cpdef add_label(self, cards, label, line)
    @cython.locals(held=tuple)
    cpdef _set_stage(self, Py_ssize_t i, Py_ssize_t stage, cards)
    cpdef holding_before(self, Py_ssize_t i, Py_ssize_t k)
    @cython.locals(t=Table)
    cpdef finish(self)

@cython.locals(walk=Walk)
cpdef Walk new_walk(Hand hand, rules)

cpdef _big_blind(Hand hand)

@cython.locals(mask=Py_ssize_t, one=Py_ssize_t, c=Py_ssize_t)
cdef Py_ssize_t _card_mask(cards) except? -2

@cython.locals(seat=Seat)
cpdef bint _anyone_out(tuple seats) except -1

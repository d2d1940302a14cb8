# Cython declarations for table.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
cimport badugi.engine.ints_api as _ints_api
from badugi.engine.record cimport Seat

cdef Py_ssize_t _FOLD, _CHECK, _CALL, _BET, _BETTING, _DRAWING, _SHOWDOWN, _DONE, _SHAPES_SIZE
cdef tuple _NO_PROBLEMS
cdef dict _SHAPES, _CLOCKWISE
cdef object _POST_KIND, _PK_BOTH, _PK_DEAD_SMALL, _PK_ANTE, _PK_BIG

@cython.locals(found=tuple)
cdef tuple _rules_shape(rules)

@cython.locals(found=tuple)
cdef tuple _taken(list problems)

@cython.locals(keys=list, order=list, n=Py_ssize_t, k=Py_ssize_t, turn=Py_ssize_t, small=list)
cpdef list _clockwise_order(seats, button_seat)

@cython.locals(k=Py_ssize_t, turn=Py_ssize_t)
cdef Py_ssize_t _keys_turn(long *keys, Py_ssize_t n) noexcept

@cython.locals(keys="long[10]", order=list, k=Py_ssize_t, turn=Py_ssize_t, button=long, number=long)
cdef list _small_clockwise_order(seats, button_seat, Py_ssize_t n)

@cython.locals(keys="long[10]", k=Py_ssize_t, button=long, number=long, seat=Seat)
cdef Py_ssize_t _seats_turn(tuple seats, button_seat, Py_ssize_t n) except -2

@cython.final
cdef class Table:
    cdef public list names, seats, stacks, start_stacks, round_in, total_in, folded, allin, excused
    # table-internal: C blocks (``ints_api``)
    cdef Py_ssize_t *acted
    cdef Py_ssize_t *reopened
    cdef Py_ssize_t *gone
    cdef public list returned
    cdef dict _index_of
    # counts and phases: C integers (money stays Python ints: any size a log states)
    cdef public Py_ssize_t n, phase, street, draw_no, n_bets, ended_street, left, active, draws, hand_size
    cdef public Py_ssize_t big_bet_from
    cdef public bint fixed, heads_up
    cdef public object limit, small_bet, big_bet, rules, antes, dead_in, to_act, bet_to
    cdef public object last_raise, unit, sb_index, bb_index, big_blind, cards_dealt, bb_poster
    cdef public object pot_total
    cdef public tuple orders
    # the betting rules read once per Rules object (``_rules_shape``)
    cdef public object cap_bets, reopen_num, reopen_den
    cdef public bint heads_up_uncapped
    cdef readonly list _problems

    @cython.locals(order=list, n=Py_ssize_t, k=Py_ssize_t, names=list, seat_numbers=list, ordered_stacks=list)
    cdef _setup(self, players, seats, stacks, button_seat, limit, small_bet, big_bet, rules, big_blind)
    @cython.locals(n=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, turn=Py_ssize_t, seat=Seat, names=list, seat_numbers=list,
                   ordered_stacks=list)
    cdef _setup_seats(self, tuple seats, list stacks, button_seat, limit, small_bet, big_bet, rules, big_blind)
    @cython.locals(big_blind_is_small_bet=bint, acted="Py_ssize_t *", reopened="Py_ssize_t *", k=Py_ssize_t)
    cdef _setup_rest(self, list names, list seat_numbers, list ordered_stacks, Py_ssize_t n, limit, small_bet, big_bet,
                     rules, big_blind)
    @cython.locals(both=bint, dead=bint, ante=bint, big=bint)
    cpdef post(self, Py_ssize_t i, kind, amount)
    cpdef to_call(self, Py_ssize_t i)
    cpdef _min_raise(self)
    cpdef _others_can_respond(self, Py_ssize_t i)
    cpdef _fixed_target(self)
    cpdef _players_left(self)
    @cython.locals(problems=list, gone=Py_ssize_t)
    cpdef tuple act(self, Py_ssize_t i, Py_ssize_t kind, amount=*)
    @cython.locals(stacks=list, round_in=list, total_in=list)
    cpdef _put(self, Py_ssize_t i, amount, list problems)
    cpdef _fold(self, Py_ssize_t i)
    cdef _excuse(self, Py_ssize_t i)
    cpdef _set_allin(self, Py_ssize_t i, all_in)
    @cython.locals(j=Py_ssize_t, gone="Py_ssize_t *", acted="Py_ssize_t *", reopened="Py_ssize_t *", round_in=list,
                   goes_allin=bint, opened=bint, completing=bint, capped=bint, full=bint, full_raise=bint, reopen=bint)
    cpdef _bet_or_raise(self, Py_ssize_t i, Py_ssize_t kind, raise_to, list problems)
    @cython.locals(j=Py_ssize_t, gone="Py_ssize_t *", acted="Py_ssize_t *", round_in=list, excused=list,
                   orders=tuple, n=Py_ssize_t)
    cpdef _next_to_act(self, Py_ssize_t start, bint inclusive=*)
    @cython.locals(ri=list, j=Py_ssize_t, lone=Py_ssize_t)
    cpdef _close_round(self)
    cpdef _return_unmatched_antes(self)
    cpdef _give_back(self, Py_ssize_t j, extra)
    @cython.locals(j=Py_ssize_t)
    cpdef _next_drawer(self, Py_ssize_t start)
    @cython.locals(problems=list)
    cpdef draw(self, Py_ssize_t i, count)
    @cython.locals(j=Py_ssize_t, round_in=list, acted="Py_ssize_t *", reopened="Py_ssize_t *")
    cpdef _start_round(self, street)
    @cython.locals(j=Py_ssize_t)
    cpdef start(self)
    cpdef close_round(self)
    cpdef kill(self, Py_ssize_t i)
    cpdef end_draw(self)
    @cython.locals(dead=list, out=list, j=Py_ssize_t)
    cpdef list pots(self)


@cython.locals(live=list, j=Py_ssize_t, alike=bint)
cdef list _pots(list c, list folded, Py_ssize_t n)

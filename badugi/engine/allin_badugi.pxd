# Cython declarations for allin_badugi.py (an augmenting .pxd: the .py file stays the pure-Python source).
# A card mask has at most 52 bits: an unsigned 64-bit C integer; the deal's cards and hands are C arrays.
cimport cython
from badugi.engine.twister cimport Twister

cdef unsigned long long _EVERYTHING
cdef int _SUBSETS[56]
cdef int _SUBSET_START[7]
cdef int _CARD_OF[67]
cdef int _CARD_AT[64]
cdef unsigned long long _DEBRUIJN, _MASK64
cdef int _CLASS_OF[8192]

cdef int _CHOSEN[131072]
cdef Py_ssize_t MAX_CHOICES
cdef Py_ssize_t _DOUBLES

@cython.locals(one="unsigned long long", packed="unsigned long long", rest="unsigned long long",
               ranks="unsigned long long", kept="unsigned long long", pattern=Py_ssize_t, last=Py_ssize_t,
               count=Py_ssize_t, card=Py_ssize_t, rank=Py_ssize_t, p=Py_ssize_t, best=Py_ssize_t)
cpdef (unsigned long long, Py_ssize_t) badugi_count(unsigned long long mask, bint ace_high)

@cython.locals(one="unsigned long long", ranks="unsigned long long", suits="unsigned long long",
               best_ranks="unsigned long long", rank_bit="unsigned long long", suit_bit="unsigned long long",
               card=Py_ssize_t, rank=Py_ssize_t, p=Py_ssize_t, entry=Py_ssize_t, best=Py_ssize_t, size=Py_ssize_t,
               size_now=Py_ssize_t, distinct=bint, e=Py_ssize_t)
cdef Py_ssize_t _search(unsigned long long packed, Py_ssize_t count, bint ace_high) except -1

@cython.locals(x=double)
cdef double _random(Twister rand) noexcept

@cython.locals(count=Py_ssize_t)
cdef Py_ssize_t _bits(unsigned long long mask) noexcept

@cython.locals(size=Py_ssize_t, m=Py_ssize_t, n_pool=Py_ssize_t, n=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t,
               j=Py_ssize_t, e=Py_ssize_t, d=Py_ssize_t, s=Py_ssize_t, t=Py_ssize_t, end=Py_ssize_t,
               card=Py_ssize_t, c=Py_ssize_t, other=Py_ssize_t, steps=Py_ssize_t, tries=Py_ssize_t,
               _=Py_ssize_t, _try=Py_ssize_t, _card=Py_ssize_t, winner=Py_ssize_t, best=Py_ssize_t,
               cls=Py_ssize_t, lone_players=Py_ssize_t, tied=bint, moved=Py_ssize_t, x=double,
               one="unsigned long long", mask="unsigned long long", kept="unsigned long long",
               kept_mask="unsigned long long", held="unsigned long long", free="unsigned long long",
               cards="int[52]", pos="int[52]", moved_cards="int[52]", moved_from="int[52]", masks="unsigned long long[10]", start="unsigned long long[10]",
               first="unsigned long long[10]", has_first="int[10]", fixed_class="Py_ssize_t[10]",
               sums="double[10]", squares="double[10]", step_player="Py_ssize_t[30]", step_first="int[30]", base="int[52]", elig="Py_ssize_t[10]",
               amount_f=double, amount_sq=double, unknown=list, lone_eligible=tuple, rand=Twister,
               classes="Py_ssize_t[10]", paid="long long[10]", amounts="long long[10]",
               orders="unsigned long long[10]", sizes="Py_ssize_t[10]", plan_count=Py_ssize_t,
               n_unknown=Py_ssize_t, u=Py_ssize_t, want=Py_ssize_t, unknown_player="Py_ssize_t[10]",
               unknown_want="Py_ssize_t[10]", choice_count="Py_ssize_t[10]", choice_mask="unsigned long long[60]",
               choice_size="Py_ssize_t[60]", choice_card="int[240]", tied_at="Py_ssize_t[10]", split_in_c=bint,
               count=Py_ssize_t, small="long long", small_plan=bint, paid_total="long long", p=Py_ssize_t,
               counted_mask="unsigned long long[10]", counted_kept="unsigned long long[10]",
               counted_class="Py_ssize_t[10]")
cpdef tuple monte_carlo_badugi(run, list pool, Py_ssize_t samples, seed, bint ace_high)

@cython.locals(k=Py_ssize_t, j=Py_ssize_t, q=Py_ssize_t, chips="long long", rest="long long", share="long long",
               odd="long long")
cdef void _split_tied(long long amount, long long unit, Py_ssize_t *tied, Py_ssize_t count, long long *got,
                      Py_ssize_t m) noexcept

@cython.locals(counts="Py_ssize_t[4]", picked="Py_ssize_t[4]", found=bint, _try=Py_ssize_t, suit=Py_ssize_t,
               want=Py_ssize_t, k=Py_ssize_t, ranks="unsigned long long", mask="unsigned long long",
               one="unsigned long long", top=Py_ssize_t, card=Py_ssize_t, _=Py_ssize_t)
cdef unsigned long long _deal_badugi(int *cards, Py_ssize_t n, Twister rand) except? 0

@cython.locals(size=Py_ssize_t, k=Py_ssize_t, cards="int[52]")
cpdef lone_leaves(list totals, list pool, unsigned long long kept, Py_ssize_t need, double share, amount,
                  Py_ssize_t i, tuple eligible, list classes, unit, bint ace_high)

@cython.locals(others=list, rest_winners=list, rest=Py_ssize_t, lone=Py_ssize_t, step=double, mine=double,
               theirs=double, one="unsigned long long", new="unsigned long long", k=Py_ssize_t,
               q=Py_ssize_t, cls=Py_ssize_t, at="Py_ssize_t[4]")
cdef int _lone_leaves(list totals, int *cards, Py_ssize_t size, unsigned long long kept, Py_ssize_t need,
                      double share, amount, Py_ssize_t i, tuple eligible, list classes, unit, bint ace_high) except -1

cdef class _Exact:
    cdef public Py_ssize_t m, n_steps, last_draw, limit, leaves, lone_count, plan_count
    cdef public bint ace_high, lone
    cdef public unsigned long long lone_mask, lone_order
    cdef public double amount_f
    cdef public object amount, unit, pay, eligible
    cdef public list totals

@cython.locals(paying=list, count=Py_ssize_t, p=Py_ssize_t, k=Py_ssize_t, order="unsigned long long")
cdef Py_ssize_t _plan(run, long long *amounts, unsigned long long *orders, Py_ssize_t *sizes) except -2

@cython.locals(j=Py_ssize_t, p=Py_ssize_t, k=Py_ssize_t, order="unsigned long long", winner=Py_ssize_t,
               best=Py_ssize_t, cls=Py_ssize_t, tied=bint)
cdef bint _pay_untied(Py_ssize_t *classes, Py_ssize_t m, Py_ssize_t count, long long *amounts,
                      unsigned long long *orders, Py_ssize_t *sizes, long long *got) noexcept

@cython.locals(m=Py_ssize_t, draws=Py_ssize_t, n_pool=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t, d=Py_ssize_t,
               s=Py_ssize_t, hands="unsigned long long[10]", cards="int[52]", step_player="Py_ssize_t[30]",
               step_has="int[30]", step_fixed="unsigned long long[30]", e=_Exact, amounts="long long[10]",
               orders="unsigned long long[10]", sizes="Py_ssize_t[10]")
cpdef Py_ssize_t exact_badugi(run, list pool, list first, list masks, double weight, list totals, Py_ssize_t leaves,
                              Py_ssize_t limit) except -1

@cython.locals(r=Py_ssize_t, t=Py_ssize_t)
cdef Py_ssize_t _comb(Py_ssize_t n, Py_ssize_t k) noexcept

@cython.locals(ace_high=bint, one="unsigned long long", i=Py_ssize_t, kept="unsigned long long", need=Py_ssize_t,
               last=bint, s=Py_ssize_t, j=Py_ssize_t, later="unsigned long long", ways=Py_ssize_t, share=double,
               m=Py_ssize_t, dealt="unsigned long long[10]", rest="int[52]", at="Py_ssize_t[4]", k=Py_ssize_t,
               q=Py_ssize_t, n=Py_ssize_t, taken="unsigned long long")
cdef int _exact_deal(_Exact e, Py_ssize_t step, unsigned long long *masks, int *pool, Py_ssize_t n_pool,
                     double weight, Py_ssize_t *step_player, int *step_has, unsigned long long *step_fixed,
                     long long *amounts, unsigned long long *orders, Py_ssize_t *sizes) except -1

@cython.locals(ace_high=bint, m=Py_ssize_t, totals=list, order="unsigned long long", winner=Py_ssize_t,
               best=Py_ssize_t, tied=bint, k=Py_ssize_t, j=Py_ssize_t, cls=Py_ssize_t, ways=Py_ssize_t, share=double,
               classes=list, one="unsigned long long", at="Py_ssize_t[4]", new="unsigned long long", q=Py_ssize_t,
               classes_of="Py_ssize_t[10]", paid="long long[10]")
cdef int _exact_leaves(_Exact e, Py_ssize_t i, unsigned long long kept, Py_ssize_t need, unsigned long long *masks,
                       int *pool, Py_ssize_t n_pool, double weight, long long *amounts, unsigned long long *orders,
                       Py_ssize_t *sizes) except -1

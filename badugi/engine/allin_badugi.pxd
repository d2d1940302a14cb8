# Cython declarations for allin_badugi.py (an augmenting .pxd: the .py file stays the pure-Python source).
# A card mask has at most 52 bits: an unsigned 64-bit C integer; the deal's cards and hands are C arrays.
cimport cython
from badugi.engine.twister cimport Twister

cdef unsigned long long _EVERYTHING
cdef int _SUBSETS[56]
cdef int _SUBSET_START[7]
cdef int _CARD_OF[67]
cdef int _CLASS_OF[8192]

@cython.locals(one="unsigned long long", packed="unsigned long long", rest="unsigned long long",
               ranks="unsigned long long", suits="unsigned long long", best_ranks="unsigned long long",
               rank_bit="unsigned long long", suit_bit="unsigned long long", kept="unsigned long long",
               count=Py_ssize_t, card=Py_ssize_t, rank=Py_ssize_t, p=Py_ssize_t, entry=Py_ssize_t,
               best=Py_ssize_t, size=Py_ssize_t, size_now=Py_ssize_t, distinct=bint, e=Py_ssize_t)
cpdef (unsigned long long, Py_ssize_t) badugi_count(unsigned long long mask, bint ace_high)

@cython.locals(count=Py_ssize_t)
cdef Py_ssize_t _bits(unsigned long long mask) noexcept

@cython.locals(size=Py_ssize_t, m=Py_ssize_t, n_pool=Py_ssize_t, n=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t,
               j=Py_ssize_t, e=Py_ssize_t, d=Py_ssize_t, s=Py_ssize_t, t=Py_ssize_t, end=Py_ssize_t,
               card=Py_ssize_t, c=Py_ssize_t, other=Py_ssize_t, steps=Py_ssize_t, tries=Py_ssize_t,
               _=Py_ssize_t, _try=Py_ssize_t, _card=Py_ssize_t, winner=Py_ssize_t, best=Py_ssize_t,
               cls=Py_ssize_t, lone_players=Py_ssize_t, tied=bint, moved=bint, x=double,
               one="unsigned long long", mask="unsigned long long", kept="unsigned long long",
               kept_mask="unsigned long long", held="unsigned long long", free="unsigned long long",
               cards="int[52]", pos="int[52]", masks="unsigned long long[10]", start="unsigned long long[10]",
               first="unsigned long long[10]", has_first="int[10]", fixed_class="Py_ssize_t[10]",
               sums="double[10]", squares="double[10]", step_player="Py_ssize_t[30]", step_first="int[30]", base="int[52]", elig="Py_ssize_t[10]",
               amount_f=double, amount_sq=double, unknown=list, lone_eligible=tuple, rand=Twister)
cpdef tuple monte_carlo_badugi(run, list pool, Py_ssize_t samples, seed, bint ace_high)

@cython.locals(counts="Py_ssize_t[4]", picked="Py_ssize_t[4]", found=bint, _try=Py_ssize_t, suit=Py_ssize_t,
               want=Py_ssize_t, k=Py_ssize_t, ranks="unsigned long long", mask="unsigned long long",
               one="unsigned long long", top=Py_ssize_t, card=Py_ssize_t, _=Py_ssize_t)
cdef unsigned long long _deal_badugi(int *cards, Py_ssize_t n, Twister rand) except? 0

@cython.locals(others=list, rest_winners=list, rest=Py_ssize_t, lone=Py_ssize_t, step=double, mine=double,
               theirs=double, one="unsigned long long", new="unsigned long long", size=Py_ssize_t, k=Py_ssize_t,
               q=Py_ssize_t, cls=Py_ssize_t, cards="int[52]", at="Py_ssize_t[4]")
cpdef lone_leaves(list totals, list pool, unsigned long long kept, Py_ssize_t need, double share, amount,
                  Py_ssize_t i, tuple eligible, list classes, unit, bint ace_high)

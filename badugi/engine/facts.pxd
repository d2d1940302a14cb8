# Cython declarations for facts.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.table cimport Table
from badugi.engine.settlement cimport Settlement
cimport badugi.engine.tuple_api as _tuple_api
# a record filled item by item in place under the name facts.py imports its pure-Python twin by (fill_api.py)
cimport badugi.engine.fill_api as _fill_api
cimport badugi.engine.ints_api as _ints_api
cimport badugi.engine.names_api as _names_api

# the fact bits (module constants, C integers once compiled)
cdef Py_ssize_t _VPIP, _PFR, _RFI_OPP, _RFI, _LIMP, _TB_OPP, _TB, _F3_OPP, _F3, _STEAL_OPP, _STEAL, _FS_OPP, _FS
cdef Py_ssize_t _DECIDED, _PAT_KNOWN, _SNOWED, _HELD_BADUGI, _BROKE_BADUGI, _BET_CALLED, _BET_FEWER, _FACED_PAT
cdef Py_ssize_t _FOLD, _CALL, _BET, _RAISE
cdef Py_ssize_t _FOLD_TO_PAT, _AGGRESSOR, _CALLER, _ANSWERED, _ACTED, _STREET_MEMO_SIZE
cdef tuple _DRAWN, _LABELS, _STEALS_AND_BLINDS, _THREE_BOOLS, _NO_DRAWS, _NO_STREETS, _SMALL_STREETS
cdef Py_ssize_t _SLOT_OF_KIND[5]
cdef dict _STREET_MEMO

# cards are 0..51: every rank and suit bit fits a C integer
@cython.locals(a=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, d=Py_ssize_t, ra=Py_ssize_t, rb=Py_ssize_t, rc=Py_ssize_t,
               rd=Py_ssize_t)
cpdef _is_badugi(cards)

cdef Py_ssize_t _drawn_key(count) except? -1

@cython.locals(key=object)
cdef _street_actions(Py_ssize_t bets, Py_ssize_t raises, Py_ssize_t calls, Py_ssize_t checks, Py_ssize_t folds)

@cython.locals(raw=list, shares=list, remainders=list, best=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, negative=bint)
cpdef list _rake_shares(list total_in, rake)

@cython.locals(raw="long long", block="Py_ssize_t *", left="long long", best=Py_ssize_t, j=Py_ssize_t, shares=list)
cdef list _small_rake_shares(list total_in, long long rake, long long pot, Py_ssize_t n)

@cython.locals(held=tuple, a=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, d=Py_ssize_t, ra=Py_ssize_t, rb=Py_ssize_t,
               rc=Py_ssize_t, rd=Py_ssize_t)
cdef Py_ssize_t _badugi_code(cards) except -2

@cython.locals(bits=Py_ssize_t, k=Py_ssize_t, before=Py_ssize_t, after=Py_ssize_t)
cdef Py_ssize_t _holding_play(tuple stages, list drawn) except -1

@cython.locals(k=Py_ssize_t, j=Py_ssize_t, c=Py_ssize_t, role=Py_ssize_t, aggressor=Py_ssize_t, caller=Py_ssize_t,
               called=bint, fewer_known=bint)
cdef _called_bets(Py_ssize_t *block, list drawn_of, Py_ssize_t n)

@cython.locals(t=Table, n=Py_ssize_t, block="Py_ssize_t *", labels=tuple, steals=tuple, blinds=tuple)
cpdef tuple player_facts(Walk w, Settlement s)

# the blocks (``ints_api``) as C pointers: indexed as C integers
@cython.locals(j=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, street=Py_ssize_t, code=Py_ssize_t, kind=Py_ssize_t,
               raises_before=Py_ssize_t, bits=Py_ssize_t, play_at=Py_ssize_t, roles_at=Py_ssize_t, counts_at=Py_ssize_t, role=Py_ssize_t, play_j=Py_ssize_t, pat=Py_ssize_t,
               saw=Py_ssize_t, key=Py_ssize_t, bettor=Py_ssize_t, opener=Py_ssize_t, callers_since_open=Py_ssize_t, raising=bint,
               voluntary=bint, entered=bint, opener_is_steal=bint, showdown=bint, badugi=bint, counted=bint,
               anyone_unsettled=bint, pat_bettor="Py_ssize_t[3]", shares=list, out=object, facts=object, names=list, seats=list,
               stacks=list, folded=list, allin=list, total_in=list, drawn_of=list, drawn_j=list, folded_street=list,
               stages=tuple, stages_of=tuple)
cdef tuple _facts_of(Walk w, Settlement s, Table t, Py_ssize_t n, tuple labels, tuple steals, tuple blinds, hero,
                     Py_ssize_t *block)

# Cython declarations for facts.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython
from badugi.engine.walk cimport Walk
from badugi.engine.table cimport Table

# cards are 0..51: every rank and suit bit fits a C integer
@cython.locals(a=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, d=Py_ssize_t, ra=Py_ssize_t, rb=Py_ssize_t, rc=Py_ssize_t,
               rd=Py_ssize_t)
cpdef _is_badugi(cards)

@cython.locals(j=Py_ssize_t)
cpdef dict _play_facts(list out, Py_ssize_t j)

@cython.locals(out=list, j=Py_ssize_t, k=Py_ssize_t, street=Py_ssize_t, drawn=list, stages=tuple, count=object,
               callers=dict, pat_bettor=dict, drawers=object)
cpdef list _draw_play(Walk w, s, Py_ssize_t n, list acts_after_draw)

@cython.locals(t=Table, n=Py_ssize_t, j=Py_ssize_t, street=Py_ssize_t, raises_before=Py_ssize_t,
               after_draw=Py_ssize_t, labels=list, acts=list, counts=dict, shares=list, play=list, out=list,
               vpip=list, pfr=list, rfi_opp=list, rfi=list, limp=list, tb_opp=list, tb=list, f3_opp=list, f3=list,
               steal_opp=list, steal=list, fs_opp=list, fs=list, first_seen=list, names=list, seats=list,
               stacks=list, folded=list, allin=list, total_in=list, drawn_of=list, folded_street=list)
cpdef tuple player_facts(Walk w, s)

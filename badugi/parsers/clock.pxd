# Cython declarations for clock.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The functions call each other (and the PokerStars reader calls ``utc_start``, cimported) as C functions; a local
# time's hour key is read from the datetime's C struct (``cpython.datetime``'s fields), not through attributes.
cimport cython
from cpython.datetime cimport datetime as c_datetime

@cython.locals(zones=dict)
cpdef _zone(str name)

cpdef tuple readings(local, zone)

@cython.locals(key=tuple)
cpdef _steady(c_datetime local, zone)

cpdef bint _shows(instant, local, zone)

@cython.locals(known=list)
cpdef tuple utc_start(clocks, zones)

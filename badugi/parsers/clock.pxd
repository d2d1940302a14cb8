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

# a plain clock's UTC instant in integer seconds, its hour's offset remembered by an int key; the time made in C
cimport badugi.parsers.clock_api as _clock_api
cdef long long _NOT_STEADY
cdef dict _HOUR_OFFSETS
@cython.locals(offsets=dict, key=cython.longlong, offset=cython.longlong)
cpdef long long steady_utc_seconds(str name, int year, int month, int day, int hour, int minute, int second) except -2
@cython.locals(delta=object)
cdef long long _offset_of(steady) except? -1
cdef int _days_in_month(int year, int month) noexcept
@cython.locals(era=cython.longlong, year_of_era=cython.longlong, day_of_year=cython.longlong)
cdef long long _day_number(long long year, int month, int day) noexcept
@cython.locals(days=cython.longlong, rest=cython.longlong, era=cython.longlong, day_of_era=cython.longlong,
               year_of_era=cython.longlong, day_of_year=cython.longlong, shifted=cython.longlong, day=cython.longlong,
               month=cython.longlong, year=cython.longlong)
cpdef utc_time(long long seconds)

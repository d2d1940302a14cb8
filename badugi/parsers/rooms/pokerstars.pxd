# Cython declarations for pokerstars.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The assembly of one hand's line values into a ``Hand`` is an extension type: its fields are read from
# a C struct (not an instance dict) and its methods call each other directly.
cimport cython
# The records are extension types too (badugi/engine/record.pxd): built by calling their type directly
from badugi.engine.record cimport (Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand,
                                   Muck, Noise, Post, Raise, Seat, Show, Source, Stakes, SummarySeat, Tournament,
                                   Uncalled)
# and so are the line values (pokerstars_values.pxd): a local of a value's type reads its fields from the struct
from badugi.parsers.rooms.pokerstars_values cimport (
    BetLine, CallLine, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine, MuckLine, NoiseLine, OtherLine,
    PostLine, PotLine, RaiseLine, SeatLine, ShowLine, StandPatLine, SummarySeatLine, UncalledLine)

# the records made in C (``record_api.pxd``: the type's ``tp_new`` and its struct fields set; pure twin record_api.py)
cimport badugi.engine.record_api as _records
# a word tested at a position in C (``text_api.pxd``: no Python ints made of the positions; pure twin text_api.py)
cimport badugi.parsers.rooms.text_api as _text
# tuples made at their final size and filled in place (``fill_api.pxd``; pure twin fill_api.py)
cimport badugi.parsers.rooms.fill_api as _fill
# the Header, Body and Summary NamedTuples built from their values in C (``tuple_api.record``; pure twin tuple.__new__)
cimport badugi.engine.tuple_api as _tuple_api
# the line readers the one-parse reading calls, by a C call into rooms.pokerstars_lines (its cpdef readers)
from badugi.parsers.rooms.pokerstars_lines cimport (int_at, read_new_run_in, read_pot_line, read_run, read_seat_lines,
                                                    read_seat_lines_in, read_summary_block, read_summary_lines_in)
# the stakes' amounts read by a C call into rooms.base (its cpdef reader)
from badugi.parsers.rooms.base cimport amount_hundredths
# and the start time by a C call into the clock
from badugi.parsers.clock cimport steady_utc_seconds, utc_start, utc_time

# Only locals are typed (text cut by str methods is a str: its methods are called directly)
@cython.locals(end=Py_ssize_t, at=Py_ssize_t)
cdef bint _number_then_colon(str line, Py_ssize_t start) except -1

cpdef _body(table, seats, loose, sections, summary)

cpdef _table_body(table, seats, lines, sections, summary)
@cython.locals(end=Py_ssize_t, name_end=Py_ssize_t, at=Py_ssize_t, word=Py_ssize_t)
cdef _table_body_in(str table, Py_ssize_t start, Py_ssize_t stop, seats, lines, sections, summary)
@cython.locals(value=cython.longlong, at=Py_ssize_t)

cdef inline bint _is_eol_char(Py_UCS4 char)
cpdef _summary_of(token)

cpdef _read_summary(text, line, bint shown)
@cython.locals(size=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t)
cpdef _read_summary_in(str text, Py_ssize_t start, line, bint shown)

cpdef _hand_rest(table, rest)
cpdef _hand_rest_of(str text, table_line, str body, Py_ssize_t line)
@cython.locals(size=Py_ssize_t, cut=Py_ssize_t, values=list, run=list, loose=list, sections=list, run_start=Py_ssize_t,
               run_line=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t, words=str, marker=str)
cpdef _hand_rest_in(str text, Py_ssize_t start, Py_ssize_t cut_end, table_line, Py_ssize_t line)
@cython.locals(size=Py_ssize_t, words=str)
cdef str _marker_at(str body, Py_ssize_t at, Py_ssize_t end)
@cython.locals(size=Py_ssize_t, star=Py_ssize_t)
cdef Py_ssize_t _marker_start(str text, Py_ssize_t at) except -2

# a hand read without the parser where its tokens are surely HEADER, HAND_TABLE, HAND_REST
@cython.locals(patterns=list, plain=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t, table=str)
cpdef plain_hand(room, str text)
@cython.locals(id_end=Py_ssize_t, at=Py_ssize_t, comma=Py_ssize_t, dash=Py_ssize_t, words=Py_ssize_t,
               close=Py_ssize_t, game=tuple)
cdef _plain_header(str text, Py_ssize_t stop)
@cython.locals(games=dict)
cdef bint _reads_game(words) except -1
@cython.locals(end=Py_ssize_t, stop=Py_ssize_t, digits=Py_ssize_t, at=Py_ssize_t)
cdef Py_ssize_t _plain_table_end(str text, Py_ssize_t start)
@cython.locals(end=Py_ssize_t, at=Py_ssize_t, words=Py_ssize_t, level=Py_ssize_t, word=Py_ssize_t, code=Py_ssize_t,
               zone=Py_ssize_t)
cdef Py_ssize_t _plain_header_end(str text)
cdef inline bint _is_word_char(Py_UCS4 char)
@cython.locals(char=Py_UCS4)
cdef bint _plain_words(str text, Py_ssize_t at, Py_ssize_t end)
@cython.locals(digits=Py_ssize_t)
cdef Py_ssize_t _plain_amount_end(str text, Py_ssize_t at, bint symbol)
cdef Py_ssize_t _plain_clock_end(str text, Py_ssize_t at)
cdef Py_ssize_t _field_end(str text, Py_ssize_t at, Py_ssize_t least, Py_ssize_t most, Py_UCS4 after)
@cython.locals(end=Py_ssize_t)
cdef Py_ssize_t _digits_of(str text, Py_ssize_t at, Py_ssize_t least, Py_ssize_t most)
cdef Py_ssize_t _digits_end(str text, Py_ssize_t at)
cdef Py_ssize_t _number_clause_start(str text, Py_ssize_t start, Py_ssize_t stop, str lead, str suffix)
cdef Py_ssize_t _digits_start(str text, Py_ssize_t start, Py_ssize_t at)
@cython.locals(end=Py_ssize_t, stop=Py_ssize_t, start=Py_ssize_t)
cdef bint _plain_post_line(str text, Py_ssize_t at)

@cython.locals(text=str, cut=Py_ssize_t)
cpdef _hand_body(table, loose, sections, summary)

@cython.locals(text=str, cut=Py_ssize_t, blocks=list)
cpdef list _add_run_section(done, section, runs)

# the first line's values from the texts of its tokens, and a HEADER token cut into those texts
cpdef _header(str site, club, tuple game, str when)
@cython.locals(moments=tuple)
cdef _header_in(str text, Py_ssize_t id_start, Py_ssize_t id_end, club, tuple game, str when, Py_ssize_t when_start,
                Py_ssize_t when_end)
cpdef tuple _moments_of(str text)
@cython.locals(end=Py_ssize_t, zone_end=Py_ssize_t, other=Py_ssize_t)
cdef tuple _written_clocks(str when, Py_ssize_t start, Py_ssize_t stop)
@cython.locals(k=Py_ssize_t, c=Py_UCS4)
cdef bint _is_clock(str text, Py_ssize_t at)
cdef Py_ssize_t _capitals_end(str text, Py_ssize_t at, Py_ssize_t end)
cpdef tuple _cash_game(str name, inner, str stakes)
@cython.locals(space=Py_ssize_t, end=Py_ssize_t, slash=Py_ssize_t)
cdef tuple _cash_game_in(str name, inner, str text, Py_ssize_t start, Py_ssize_t stop)
@cython.locals(cut=Py_ssize_t, slash=Py_ssize_t, end=Py_ssize_t, start=Py_ssize_t)
cpdef tuple _tour_game(str tournament, str words, inner, str level)
@cython.locals(end=Py_ssize_t, at=Py_ssize_t, caps=Py_ssize_t)
cdef Py_ssize_t _plain_buy_in_end(str words) except -2
@cython.locals(colon=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t, words=Py_ssize_t, dash=Py_ssize_t, close=Py_ssize_t,
               comma=Py_ssize_t)
cpdef _read_header(str text)
cdef Py_ssize_t _find_char(str text, Py_UCS4 char, Py_ssize_t at) except -2

# the start time: the header's moments typed (indexed and cut in C)
@cython.locals(k=Py_ssize_t, clocks=list, count=Py_ssize_t, first=cython.longlong, other=cython.longlong)
cpdef tuple start_time(tuple when)
@cython.locals(k=Py_ssize_t, words=tuple, name=str, century=int, year=int, month=int, day=int, hour=int, minute=int, second=int)
cdef long long _utc_seconds(str date, str clock, str word) except -2
@cython.locals(high=Py_UCS4, low=Py_UCS4)
cdef int _two_digits(str text, Py_ssize_t at) noexcept
cpdef _local_time(str date, str clock)

# the fields of a Header, Body and Summary by position (C constants: a tuple indexed in C)
cdef Py_ssize_t _H_HAND_ID, _H_CLUB, _H_GAME, _H_MIX, _H_SMALL, _H_BIG
cdef Py_ssize_t _H_CURRENCY_CODE, _H_TOURNAMENT_ID, _H_BUY_IN, _H_LEVEL, _H_WHEN
cdef Py_ssize_t _B_TABLE, _B_MAX_SEATS, _B_PLAY_MONEY, _B_BUTTON, _B_SEATS, _B_LOOSE, _B_SECTIONS, _B_SUMMARY
cdef Py_ssize_t _S_POTS, _S_POTS_LINE, _S_SEATS

# an amount in the record's units (``_Assembly.per``: the value itself for cents)
cdef inline object _units(object value, Py_ssize_t per, str currency)
cdef object _whole_units(object value, Py_ssize_t per, str currency)

@cython.final
cdef class _Assembly:
    # (the Header and Body: tuples of their classes, their fields read by a C index, ``_H_SMALL``, ...; not typed
    # ``tuple``, which Cython holds to exact tuples)
    cdef public object room, header, body, text, file, currency, hero
    cdef public Py_ssize_t line_offset, per, hand_size
    cdef public bint cancelled
    cdef public dict blinds

    @cython.locals(seats=tuple, seat=SeatLine, blinds=dict, where=long, per=Py_ssize_t, plain=bint, k=Py_ssize_t)
    cpdef hand(self)
    @cython.locals(blinds=dict, streets=dict, mucked_cards=dict, fold=FoldLine, call=CallLine,
                   check=CheckLine, discard=DiscardLine, bet=BetLine, pat=StandPatLine, raised=RaiseLine,
                   post=PostLine, dealt=DealtLine, noise=NoiseLine, other=OtherLine, collect=CollectLine,
                   show=ShowLine, muck=MuckLine, uncalled=UncalledLine, summary_seat=SummarySeatLine,
                   where=long, first=long, at=long, per=Py_ssize_t, k=Py_ssize_t, count=Py_ssize_t,
                   events=list)
    cpdef tuple events(self, tuple seats)
    cpdef shown(self, name, cards, label, int where, verb)
    @cython.locals(rows=tuple, seat=SummarySeatLine, pots=PotLine, where=long, per=Py_ssize_t, k=Py_ssize_t)
    cpdef claims(self, summary)

@cython.locals(made=_Assembly)
cdef _Assembly _assembly(room, header, body, hand, file, Py_ssize_t line_offset)

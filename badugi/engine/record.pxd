# Cython declarations for record.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Each record is an extension type: ``@dataclass(frozen=True)`` on it is compiled by Cython's own dataclass
# support (``__init__``, ``__eq__``, ``__hash__``, ``__repr__``, ``__match_args__``, ``__dataclass_fields__``
# for ``dataclasses.fields``/``replace``/``asdict``) and its fields are ``readonly`` C struct members: frozen,
# and read directly by the modules that cimport the types (the walk, settlement, checks, facts, the PokerStars
# reader, the row builder). Fields are declared in the order of record.py's (the order of the dataclass
# fields). They stay Python objects: None-able ones must, and an int kept as an object is read without boxing.
cimport cython


@cython.final
cdef class Source:
    cdef readonly object file, line, offset


@cython.final
cdef class Stakes:
    cdef readonly object small_bet, big_bet, small_blind, big_blind, ante


@cython.final
cdef class Tournament:
    cdef readonly object tournament_id, level, buy_in, club


@cython.final
cdef class Seat:
    cdef readonly object seat, player, stack, sitting_out, note, line


@cython.final
cdef class Post:
    cdef readonly object player, kind, amount, all_in, line


@cython.final
cdef class Deal:
    cdef readonly object player, cards, line, label


@cython.final
cdef class Fold:
    cdef readonly object player, street, line


@cython.final
cdef class Check:
    cdef readonly object player, street, line


@cython.final
cdef class Call:
    cdef readonly object player, street, amount, all_in, is_total, line


@cython.final
cdef class Bet:
    cdef readonly object player, street, amount, all_in, line


@cython.final
cdef class Raise:
    cdef readonly object player, street, raise_by, raise_to, all_in, line


@cython.final
cdef class CapNotice:
    cdef readonly object street, line


@cython.final
cdef class Draw:
    cdef readonly object player, draw, count, discards, held, line


@cython.final
cdef class DrawDeal:
    cdef readonly object player, draw, count, kept, new, hand, line, label


@cython.final
cdef class Show:
    cdef readonly object player, cards, label, line


@cython.final
cdef class Muck:
    cdef readonly object player, cards, line


@cython.final
cdef class Uncalled:
    cdef readonly object player, amount, line


@cython.final
cdef class Collect:
    cdef readonly object player, amount, pot, line


@cython.final
cdef class Noise:
    cdef readonly object kind, player, text, line


@cython.final
cdef class SummarySeat:
    cdef readonly object seat, player, result, position, folded_street, won, net, final_stack, cards, label, line


@cython.final
cdef class DrawPot:
    cdef readonly object draw, pot, players, all_ins, line


@cython.final
cdef class Claims:
    cdef readonly object total_pot, main_pot
    cdef readonly tuple side_pots
    cdef readonly object rake
    cdef readonly tuple summary
    cdef readonly object line
    cdef readonly tuple draw_pots


@cython.final
cdef class Hand:
    cdef readonly object room, hand_id, game, limit
    cdef readonly Stakes stakes
    cdef readonly object currency
    cdef readonly Source source
    cdef readonly object table, max_seats, button, start_time, time_zone, time_flag, tournament
    cdef readonly tuple seats, events
    cdef readonly Claims claims
    cdef readonly object hero, cancelled, partial

# Inline Cython only (never compiled on its own): each maker allocates a record's extension type (``T.__new__(T)``:
# its ``tp_new``, every field None) and sets its C struct fields, compiled into the module that cimports this (the
# fields are ``readonly`` to Python only). The same record its class's call makes from the same values by position;
# a field not taken keeps its default (set here as record.py's). Pure-Python twins: ``record_api.py``.
cimport cython
from badugi.engine.record cimport (Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand,
                                   Muck, Noise, Post, Raise, Seat, Show, Source, Stakes, SummarySeat, Uncalled)


cdef inline Fold fold(object player, object street, object line):
    cdef Fold made = Fold.__new__(Fold)
    made.player = player
    made.street = street
    made.line = line
    return made


cdef inline Check check(object player, object street, object line):
    cdef Check made = Check.__new__(Check)
    made.player = player
    made.street = street
    made.line = line
    return made


cdef inline Call call(object player, object street, object amount, object all_in, object is_total, object line):
    cdef Call made = Call.__new__(Call)
    made.player = player
    made.street = street
    made.amount = amount
    made.all_in = all_in
    made.is_total = is_total
    made.line = line
    return made


cdef inline Bet bet(object player, object street, object amount, object all_in, object line):
    cdef Bet made = Bet.__new__(Bet)
    made.player = player
    made.street = street
    made.amount = amount
    made.all_in = all_in
    made.line = line
    return made


cdef inline Raise raise_(object player, object street, object raise_by, object raise_to, object all_in, object line):
    cdef Raise made = Raise.__new__(Raise)
    made.player = player
    made.street = street
    made.raise_by = raise_by
    made.raise_to = raise_to
    made.all_in = all_in
    made.line = line
    return made


cdef inline Post post(object player, object kind, object amount, object all_in, object line):
    cdef Post made = Post.__new__(Post)
    made.player = player
    made.kind = kind
    made.amount = amount
    made.all_in = all_in
    made.line = line
    return made


cdef inline Draw draw(object player, object number, object count, object discards, object held, object line):
    cdef Draw made = Draw.__new__(Draw)
    made.player = player
    made.draw = number
    made.count = count
    made.discards = discards
    made.held = held
    made.line = line
    return made


cdef inline Deal deal(object player, object cards, object line):
    cdef Deal made = Deal.__new__(Deal)
    made.player = player
    made.cards = cards
    made.line = line
    made.label = None
    return made


cdef inline DrawDeal draw_deal(object player, object number, object count, object kept, object new, object whole,
                               object line):
    cdef DrawDeal made = DrawDeal.__new__(DrawDeal)
    made.player = player
    made.draw = number
    made.count = count
    made.kept = kept
    made.new = new
    made.hand = whole
    made.line = line
    made.label = None
    return made


cdef inline Noise noise(object kind, object player, object text, object line):
    cdef Noise made = Noise.__new__(Noise)
    made.kind = kind
    made.player = player
    made.text = text
    made.line = line
    return made


cdef inline Collect collect(object player, object amount, object pot, object line):
    cdef Collect made = Collect.__new__(Collect)
    made.player = player
    made.amount = amount
    made.pot = pot
    made.line = line
    return made


cdef inline Muck muck(object player, object cards, object line):
    cdef Muck made = Muck.__new__(Muck)
    made.player = player
    made.cards = cards
    made.line = line
    return made


cdef inline Uncalled uncalled(object player, object amount, object line):
    cdef Uncalled made = Uncalled.__new__(Uncalled)
    made.player = player
    made.amount = amount
    made.line = line
    return made


cdef inline CapNotice cap_notice(object street, object line):
    cdef CapNotice made = CapNotice.__new__(CapNotice)
    made.street = street
    made.line = line
    return made


cdef inline Show show(object player, object cards, object label, object line):
    cdef Show made = Show.__new__(Show)
    made.player = player
    made.cards = cards
    made.label = label
    made.line = line
    return made


cdef inline Seat seat(object number, object player, object stack, object sitting_out, object note, object line):
    cdef Seat made = Seat.__new__(Seat)
    made.seat = number
    made.player = player
    made.stack = stack
    made.sitting_out = sitting_out
    made.note = note
    made.line = line
    return made


cdef inline SummarySeat summary_seat(object number, object player, object result, object position,
                                     object folded_street, object won, object net, object final_stack, object cards,
                                     object label, object line):
    cdef SummarySeat made = SummarySeat.__new__(SummarySeat)
    made.seat = number
    made.player = player
    made.result = result
    made.position = position
    made.folded_street = folded_street
    made.won = won
    made.net = net
    made.final_stack = final_stack
    made.cards = cards
    made.label = label
    made.line = line
    return made


cdef inline Source source(object file, object line, object offset):
    cdef Source made = Source.__new__(Source)
    made.file = file
    made.line = line
    made.offset = offset
    return made


cdef inline Stakes stakes(object small_bet, object big_bet, object small_blind, object big_blind, object ante):
    cdef Stakes made = Stakes.__new__(Stakes)
    made.small_bet = small_bet
    made.big_bet = big_bet
    made.small_blind = small_blind
    made.big_blind = big_blind
    made.ante = ante
    return made


cdef inline Claims claims(object total_pot, object main_pot, tuple side_pots, object rake, tuple summary,
                          object line):
    cdef Claims made = Claims.__new__(Claims)
    made.total_pot = total_pot
    made.main_pot = main_pot
    made.side_pots = side_pots
    made.rake = rake
    made.summary = summary
    made.line = line
    made.draw_pots = ()
    return made


cdef inline Hand hand(object room, object hand_id, object game, object limit, Stakes stakes_, object currency,
                      Source source_, object table, object max_seats, object button, object start_time,
                      object time_zone, object time_flag, object tournament, tuple seats, tuple events,
                      Claims claims_, object hero, object cancelled, object partial):
    cdef Hand made = Hand.__new__(Hand)
    made.room = room
    made.hand_id = hand_id
    made.game = game
    made.limit = limit
    made.stakes = stakes_
    made.currency = currency
    made.source = source_
    made.table = table
    made.max_seats = max_seats
    made.button = button
    made.start_time = start_time
    made.time_zone = time_zone
    made.time_flag = time_flag
    made.tournament = tournament
    made.seats = seats
    made.events = events
    made.claims = claims_
    made.hero = hero
    made.cancelled = cancelled
    made.partial = partial
    return made

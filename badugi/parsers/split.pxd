# Cython declarations for split.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The UTF-8 scan's C calls (``scan_api.pxd``: the name ``split.py`` imports its pure-Python twin by).
cimport badugi.parsers.scan_api as _scan

# a hand of the UTF-8 scan made without a Python call's argument parsing
cpdef _scanned_hand(bytes buffer, base, list parts, offset, end_offset, first, last_line, room, bint complete,
                    encoding)

# the registry's room of a hand's first line (``rooms.detect_room``), called in C by the splitter
cpdef room_detected(str line, tuple detectors)

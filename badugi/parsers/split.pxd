# Cython declarations for split.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The UTF-8 scan's C calls (``scan_api.pxd``: the name ``split.py`` imports its pure-Python twin by).
cimport badugi.parsers.scan_api as _scan

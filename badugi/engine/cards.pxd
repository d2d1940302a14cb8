# Cython declarations for cards.py (an augmenting .pxd: the .py file stays the pure-Python source).
# C-only helpers under the name cards.py imports its pure-Python twin by (cards_api.py)
cimport badugi.engine.cards_api as _cards_api

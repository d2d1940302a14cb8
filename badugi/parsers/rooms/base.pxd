# Cython declarations for base.py (an augmenting .pxd: the .py file stays the pure-Python source).
# Only locals are typed: text cut by str methods is always a str, so Cython calls those methods directly
# instead of looking each one up on an object; the card table is a dict, looked up in C.
cimport cython

@cython.locals(digits=str, whole=str, dot=str, frac=str)
cpdef _read_amount(text)

@cython.locals(names=list, named=dict)
cpdef tuple _read_cards(group)

# The readers of amounts and card groups other compiled readers call (``cimport``: a C call, not Python's protocol)
cpdef amount_hundredths(text)

cpdef cards_of(group)

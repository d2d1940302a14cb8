# Cython declarations for evaluator.py (an augmenting .pxd: the .py file stays the pure-Python source).
cimport cython

@cython.locals(bits=list, by_rank=tuple, size=Py_ssize_t, best=Py_ssize_t, ranks=Py_ssize_t, suits=Py_ssize_t,
               rank=Py_ssize_t, suit=Py_ssize_t, cls=Py_ssize_t)
cpdef _class_by_subsets(cards)

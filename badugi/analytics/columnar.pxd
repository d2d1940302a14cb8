# Cython declarations for columnar.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The loop that reads an attribute of each of a batch's rows indexes its lists in C.
cimport cython

@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list)
cpdef list _attributes(list parent, str name)

# Cython declarations for replay.py (an augmenting .pxd: the .py file stays the pure-Python source).
# The types are cimported under other names: replay.py re-exports the Python name ``Walk``.
cimport cython
from badugi.engine.walk cimport Walk as WalkType
from badugi.engine.table cimport Table as TableType

@cython.locals(t=TableType)
cpdef _result(WalkType walk, settled, violations, undetermined, tuple players, steps)

# C declarations only (never compiled on its own): ``utc_datetime`` makes an aware UTC ``datetime`` from its fields by
# the datetime C API's constructor (``DateTime_FromDateAndTime``, which checks the fields' ranges as the class does),
# where a call of the ``datetime`` class parsed its arguments (and ``fromisoformat`` a text made for it first). The
# API's capsule is imported on the first call. Its pure-Python twin is ``clock_api.py`` (the class called).
cdef extern from *:
    """
    #include "datetime.h"

    static PyObject *badugi_utc_datetime(int year, int month, int day, int hour, int minute, int second) {
        if (PyDateTimeAPI == NULL) {
            PyDateTime_IMPORT;
            if (PyDateTimeAPI == NULL) {
                return NULL;
            }
        }
        return PyDateTimeAPI->DateTime_FromDateAndTime(year, month, day, hour, minute, second, 0,
                                                       PyDateTimeAPI->TimeZone_UTC, PyDateTimeAPI->DateTimeType);
    }
    """
    object utc_datetime "badugi_utc_datetime" (int year, int month, int day, int hour, int minute, int second)

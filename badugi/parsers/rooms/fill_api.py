"""The pure-Python twin of ``fill_api.pxd`` (C declarations, compiled into the module that cimports them): a tuple made
at its final size and filled in place. Run as Python, the values are a list of that size, made a tuple when done. ``record_new``, ``record_put`` and
``record_done`` are the same for a record of a tuple class (``tuple.__new__(cls, values)`` when done)."""

from __future__ import annotations

from typing import Any


def new(n: int) -> list[Any]:
    return [None] * n


def put(values: list[Any], k: int, value: Any) -> None:
    values[k] = value


def head(values: list[Any], start: int, k: int) -> list[Any]:
    return values[start:k]


def done(values: list[Any]) -> tuple[Any, ...]:
    return tuple(values)


def record_new(cls: type, n: int) -> list[Any]:
    return [None] * n


def record_put(values: list[Any], k: int, value: Any) -> None:
    values[k] = value


def record_done(cls: type, values: list[Any]) -> Any:
    return tuple.__new__(cls, values)

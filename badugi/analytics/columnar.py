"""A declared table's batch columns, computed column by column from its rows' sources.

The row builder (``rows``) adds each row as its sources only (``hand, replay``; ``seat, facts, ...``),
one ``extend`` per row into a flat list. Here each source is cut out of that list (``flat[i::width]``,
in C) and each declared column is computed over the whole batch at once: an attribute path is one
loop of ``getattr`` per step (compiled, ``columnar.pxd``: in C), and a path into tuples (``PlayerFacts``
and its nested ``drawn`` and ``streets``) is one ``zip(*rows)`` that splits every field at once. Paths
shared by several columns (``hand.stakes``, ``facts.streets``) are computed once. No Python code runs
per value except where a column's own ``store`` function does.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import eq, itemgetter
from struct import Struct
from struct import error as StructError
from typing import Any

import pyarrow as pa

from badugi.analytics import descriptor_api as _descriptor_api
from badugi.analytics.declare import BOOLEAN, Combine, Const, FromHand, Source, Step, Table, Take, Value
from badugi.analytics.packing import booleans, count_fields, flag_bits, list_items, numbers, strings, timestamps
from badugi.engine import cards_api as _cards_api
from badugi.engine.cards import format_cards


class _Batch:
    """One batch's rows of one table (or one variant of it): the sources, and every path computed so far."""

    def __init__(self, sources: tuple[Source, ...], flat: list[Any], width: int) -> None:
        if len(flat) % width:
            raise ValueError(f"{len(flat)} values do not make rows of {width}")
        self.rows = len(flat) // width
        self.flat = flat
        self.width = width
        self.places = {source: i for i, source in enumerate(sources)}
        self.paths: dict[tuple[Source, tuple[Step, ...]], Sequence[Any]] = {}
        self.fields: dict[tuple[Source, tuple[Step, ...]], _Fields] = {}
        self.tuple_paths: dict[tuple[Source, tuple[Step, ...]], tuple[tuple[int, type], ...] | None] = {}

    def source_rows(self, source: Source) -> list[Any]:
        """A source's value in each row (cut out of the flat rows when first asked: ``joined_arrays`` reads most
        of its sources straight from the flat rows)."""
        key = (source, ())
        found = self.paths.get(key)
        if found is None:
            found = self.paths[key] = self.flat[self.places[source]::self.width]
        return found  # type: ignore[return-value]

    def path(self, source: Source, steps: tuple[Step, ...]) -> Sequence[Any]:
        if not steps:
            return self.source_rows(source)
        key = (source, steps)
        found = self.paths.get(key)
        if found is None:
            tuple_path = self.tuple_path(source, steps)
            if tuple_path is not None:  # a path of tuple items: one C loop from the rows, no column between
                found = _descriptor_api.path_column(self.source_rows(source), tuple_path)
            if found is None:
                parent_key = (source, steps[:-1])
                found = self._step(self.path(*parent_key), parent_key, steps[-1])
            self.paths[key] = found
        return found

    def tuple_path(self, source: Source, steps: tuple[Step, ...]) -> tuple[tuple[int, type], ...] | None:
        """``steps`` from the source's rows as tuple items where each step goes into a tuple (a ``NamedTuple`` 's
        field by its place, an index), with the exact type of each tuple stepped into, as the source's first row
        (not ``None``) has them: what ``descriptor_api.path_column`` follows down every row (it gives ``None``, the
        general way, where a row differs). ``None`` where that first row does not go that way. Following the path
        down each row makes no column for the steps between, and ``_fields`` no column for each field of the
        tuples (callgrind, worker path: ``hand_players`` ' facts split into ~85 lists a batch)."""
        key = (source, steps)
        if key in self.tuple_paths:
            return self.tuple_paths[key]
        found = None
        rows = self.source_rows(source)
        if steps and self.rows and type(rows) is list:
            current = rows[0]
            if current is None:
                current = next((row for row in rows if row is not None), None)
            path = []
            for step in steps:
                if not isinstance(current, tuple):
                    break
                kind = type(current)
                if isinstance(step, int):
                    index = step
                else:
                    names = getattr(kind, "_fields", None)
                    if type(names) is not tuple or step not in names:
                        break
                    index = names.index(step)
                if not 0 <= index < len(current):
                    break
                path.append((index, kind))
                current = current[index]
            else:
                found = tuple(path)
        self.tuple_paths[key] = found
        return found

    def direct(self, value: Value) -> tuple[list[Any], tuple[tuple[int, type], ...]] | None:
        """The rows and ``tuple_path`` of a value taken as it is down a path of tuple items (no ``store``, no
        ``default``), which ``descriptor_api.path_flags`` and ``path_counts`` pack with no column made."""
        if type(value) is not Take or value.store is not None or value.default is not None or not value.steps:
            return None
        path = self.tuple_path(value.source, value.steps)
        return None if path is None else (self.source_rows(value.source), path)

    def _step(self, parent: Sequence[Any], parent_key: tuple[Source, tuple[Step, ...]], step: Step) -> Sequence[Any]:
        if not self.rows:
            return []
        fields = self.fields.get(parent_key)
        if fields is None:
            fields = self.fields[parent_key] = _fields(parent)
        if fields.all_none:  # a cash hand's tournament, a draw without a deal
            return [None] * self.rows
        if fields:  # a column of tuples, split into its fields
            index = step if isinstance(step, int) else fields.names.index(step)
            if index < len(fields):
                return fields[index]
        if isinstance(step, str):
            return _attributes(parent if type(parent) is list else list(parent), step)
        get = itemgetter(step)
        try:
            return list(map(get, parent))
        except TypeError:  # met a None (or fails again below on what is not None)
            return [None if value is None else get(value) for value in parent]


def _attributes(parent: list[Any], name: str) -> list[Any]:
    """Each row's attribute ``name`` (``None`` where the row is ``None``). A plain loop: compiled, it reads each
    row from the list in C and, for rows of a type whose attribute is a data descriptor (a record's field),
    calls that descriptor found once per type (``_data_descriptor``), where ``getattr`` finds it again for each
    row through the type's attribute cache (callgrind, mixed corpus: ``to_arrow`` 175.3k -> 158.5k instructions
    a hand). Where every row is of one type (or ``None``), one C loop calls it (``attribute_column``; callgrind,
    worker path: ``_attributes`` 14.7k -> 10.1k instructions a hand)."""
    n = len(parent)
    for i in range(n):  # rows of one type (or None) whose attribute is a data descriptor: one C loop
        row = parent[i]
        if row is not None:
            descriptor = _data_descriptor(type(row), name)
            if descriptor is not None:
                every = _descriptor_api.attribute_column(parent, descriptor, type(row))
                if every is not None:
                    return every
            break
    found: list[Any] = [None] * n
    owner: type | None = None
    descriptor = None
    for i in range(n):
        row = parent[i]
        if row is None:
            continue
        if type(row) is not owner:
            owner = type(row)
            descriptor = _data_descriptor(owner, name)
        if descriptor is None:
            found[i] = getattr(row, name)
        else:
            found[i] = _descriptor_api.descr_get(descriptor, row, owner)
    return found


def _data_descriptor(owner: type, name: str) -> Any:
    """The descriptor ``getattr(row, name)`` calls for every row of type ``owner``, where that is certain: the
    type keeps ``object`` 's attribute lookup (no ``__getattribute__`` or ``__getattr__`` of its own) and the
    first class of its MRO that has ``name`` holds a data descriptor (which comes before an instance's own
    attributes). Else ``None`` (``getattr`` is then called)."""
    if owner.__getattribute__ is not object.__getattribute__ or hasattr(owner, "__getattr__"):
        return None
    for klass in owner.__mro__:
        attributes = klass.__dict__
        if name in attributes:
            kind = type(attributes[name])
            return attributes[name] if hasattr(kind, "__get__") and hasattr(kind, "__set__") else None
    return None


class _Fields(list):  # type: ignore[type-arg]
    """A column of tuples split into one column per field (``names``: a ``NamedTuple`` 's fields); empty
    for a column of anything else, with ``all_none`` set when it holds only ``None``."""

    names: tuple[str, ...] = ()
    all_none = False


def _fields(parent: Sequence[Any]) -> _Fields:
    """``parent`` split into its fields if it is a column of tuples, else empty: a list of tuples by
    ``_split_tuples`` (items read in C; callgrind, worker path: ``_fields`` 21.3k -> 13.9k, ``built_arrays``
    118.5k -> 107.5k instructions a hand), anything else by ``zip``. A ``None`` row stands for a tuple of
    ``None`` s of the same shape; rows shorter than the first give only the fields all have (the others
    are then indexed row by row)."""
    sample = parent[0]
    if sample is None:
        sample = next((value for value in parent if value is not None), None)
    if not isinstance(sample, tuple):
        fields = _Fields()
        fields.all_none = sample is None
        return fields
    if type(parent) is list:
        split = _split_tuples(parent)
        if split is not None:
            fields = _Fields(split)
            fields.names = getattr(type(sample), "_fields", ())
            return fields
    try:
        fields = _Fields(zip(*parent))
    except TypeError:  # None rows: a value of the same shape with None everywhere in their place
        blank = _blank(sample)
        fields = _Fields(zip(*[blank if value is None else value for value in parent]))
    fields.names = getattr(type(sample), "_fields", ())
    return fields


def _split_tuples(parent: list[Any]) -> list[list[Any]] | None:
    """``zip(*parent)`` as one list per field, where every row is a tuple (else ``None``): each field's list
    made by one C loop (``_descriptor_api.tuple_column``; callgrind, worker path: ``_split_tuples`` 13.5k ->
    6.5k instructions a hand), lists ``column`` takes as they are, where zip builds a tuple per field that
    ``column`` then copies into a list. As zip: as many fields as the shortest row has."""
    n = len(parent)
    width = -1
    for i in range(n):
        row = parent[i]
        if not isinstance(row, tuple):
            return None
        if width < 0 or len(row) < width:
            width = len(row)
    return [_descriptor_api.tuple_column(parent, k) for k in range(width)]


def _has_none(values: Sequence[Any]) -> bool:
    """Whether any value is ``None``, by identity (``None in values`` would call each record's ``__eq__``).
    A plain loop: compiled, it compares pointers in C (~10 instructions a value, where ``any(map(is_,
    ...))`` calls ``is_`` through ``map`` for each, ~200)."""
    for value in values:
        if value is None:
            return True
    return False


def _stored(values: list[Any], store: Any) -> list[Any]:
    """``store`` of each value, ``None`` where the value is ``None``. A plain loop: compiled, it reads the list
    and calls ``store`` in C into a list made at its size, where a ``_has_none`` pass then ``list(map(...))``
    went over the values twice and grew the list as ``map`` gave them (callgrind, ``to_arrow`` alone, 1,000-hand
    batches: 82.0k -> 80.1k instructions a hand).

    The store functions the declarations name most (``_store_kind``: ``format_cards``, ``len``, ``enum_text``,
    ``is_zero``, ``seated``, the pots' ``paid_*``, ``amounts_text``) are called as what they are, found once per
    column: compiled, a direct C call each (``format_cards`` ' C writer ``spaced_names`` first, ``format_cards``
    itself where it answers ``None``), where calling the function object went through Python's generic call for
    each value (~27 a hand; callgrind, worker path). As Python, each is the same function called the same way."""
    n = len(values)
    found: list[Any] = [None] * n
    kind = _store_kind(store)
    for i in range(n):
        value = values[i]
        if value is None:
            continue
        if kind == _CARDS:
            text = _cards_api.spaced_names(value)
            found[i] = store(value) if text is None else text
        elif kind == _LEN:
            found[i] = len(value)
        elif kind == _ENUM:
            found[i] = enum_text(value)
        elif kind == _ZERO:
            found[i] = is_zero(value)
        elif kind == _SEATED:
            found[i] = seated(value)
        elif kind == _PAID_PLAYERS:
            found[i] = paid_players(value)
        elif kind == _PAID_AMOUNTS:
            found[i] = paid_amounts(value)
        elif kind == _AMOUNTS:
            found[i] = amounts_text(value)
        else:
            found[i] = store(value)
    return found


_OTHER, _CARDS, _LEN, _ENUM, _ZERO, _SEATED, _PAID_PLAYERS, _PAID_AMOUNTS, _AMOUNTS = range(9)


def _store_kind(store: Any) -> int:
    """Which of the store functions ``_stored`` calls as themselves ``store`` is (by identity), else ``_OTHER``."""
    if store is format_cards:
        return _CARDS
    if store is len:
        return _LEN
    if store is enum_text:
        return _ENUM
    if store is is_zero:
        return _ZERO
    if store is seated:
        return _SEATED
    if store is paid_players:
        return _PAID_PLAYERS
    if store is paid_amounts:
        return _PAID_AMOUNTS
    if store is amounts_text:
        return _AMOUNTS
    return _OTHER


def _blank(value: Any) -> Any:
    """``value`` with every leaf ``None``: ``PlayerFacts`` of a player the replay left out."""
    if isinstance(value, tuple):
        items = [_blank(item) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    return None


def _values(batch: _Batch, value: Value) -> Sequence[Any]:
    if isinstance(value, Take):
        values = batch.path(value.source, value.steps)
        if value.store is not None:
            values = _stored(values if type(values) is list else list(values), value.store)
        if value.default is not None and _has_none(values):
            default = value.default
            values = [default if v is None else v for v in values]
        return values
    if isinstance(value, Const):
        return [value.value] * batch.rows  # (``built_arrays`` makes constant arrays without this list)
    if isinstance(value, Combine):
        return _combined(value.function, [_values(batch, take) for take in value.takes])
    raise TypeError(f"{value!r} is not computed per row")


def _combined(function: Any, parts: list[Any]) -> list[Any]:
    """``function`` of the parts' values row by row, as ``list(map(function, *parts))``. The three the declarations
    combine with are loops of their own: ``operator.eq`` of two columns is each pair's ``==`` and ``is_none`` of
    one (and ``is_present``) each value's identity with ``None``, compiled a comparison in C (where ``map`` called the
    function through Python's generic call for each row: ``hand_players.is_hero``, ``actions.is_total``,
    ``replayed``)."""
    if function is eq and len(parts) == 2:
        first = parts[0] if type(parts[0]) is list else list(parts[0])
        second = parts[1] if type(parts[1]) is list else list(parts[1])
        n = min(len(first), len(second))
        found: list[Any] = [None] * n
        for i in range(n):
            found[i] = first[i] == second[i]
        return found
    if function is is_none and len(parts) == 1:
        first = parts[0] if type(parts[0]) is list else list(parts[0])
        n = len(first)
        found = [None] * n
        for i in range(n):
            found[i] = first[i] is None
        return found
    if function is is_present and len(parts) == 1:  # (``Source.present``: ``hands.replayed``, ``hand_players.replayed``)
        first = parts[0] if type(parts[0]) is list else list(parts[0])
        n = len(first)
        found = [None] * n
        for i in range(n):
            found[i] = first[i] is not None
        return found
    return list(map(function, *parts))


def column_values(table: Table, flat: list[Any], width: int, variant: type | None = None) -> dict[str, Sequence[Any]]:
    """Each built column's values (every column but a hand key copied from ``hands``), by name. ``flat``
    holds the rows' sources, ``width`` values a row (the sources, then ``_hand_ix`` if any)."""
    batch = _Batch(table.sources, flat, width)
    return {column.name: _values(batch, value) for column, value in table.values(variant)
            if not isinstance(value, FromHand)}


def built_arrays(table: Table, flat: list[Any], width: int, variant: type | None = None) -> list[pa.Array]:
    """``column_values`` as typed Arrow arrays, in the order of the batch's columns (``Table.batch_columns``:
    a table with flags has its BOOLEAN columns packed into two ``int64`` arrays at the end, then its count
    columns into its fields' words and known mask: ``declare.Fields``)."""
    batch = _Batch(table.sources, flat, width)
    arrays = []
    words = known = None
    if table.flags is not None:
        words, known = bytearray(8 * batch.rows), bytearray(8 * batch.rows)
        word_view, known_view = memoryview(words).cast("q"), memoryview(known).cast("q")
        bit = 0
    fields: dict[str, tuple[Any, int, int, bytearray]] = {}
    packed: list[bytearray] = []
    if table.fields is not None:  # each count column's word (a C view, and its bytes), shift and known bit
        packed = [bytearray(8 * batch.rows) for _ in range(len(table.fields.words) + 1)]
        named = dict(zip((*table.fields.words, table.fields.known), packed))
        views = {name: memoryview(data).cast("q") for name, data in named.items()}
        for name in table.fields.columns:
            word, shift, field_bit = table.field_place(name)
            fields[name] = (views[word], shift, field_bit, named[word])
        fields_known = views[table.fields.known]
        fields_known_bytes = named[table.fields.known]
    groups: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    """The flag and count columns taken as they are down a path of tuple items, by their rows, the path's steps
    but the last and the type of the last tuple: each group packed by one ``path_group`` pass."""
    for c, value in table.values(variant):
        if words is not None and c.kind == BOOLEAN:
            mask = 1 << bit
            direct = batch.direct(value)
            if direct is None:
                _flag_column(_values(batch, value), mask, word_view, known_view)
            else:
                rows, path = direct
                groups.setdefault((id(rows), path[:-1], path[-1][1]), []).append(
                    (value, rows, (path[-1][0], 0, 0, mask, words, known), c.name))
            bit += 1
        elif c.name in fields:
            word_of, shift, field_bit, word_bytes = fields[c.name]
            direct = batch.direct(value)
            if direct is None:
                _field_column(_values(batch, value), shift, field_bit, word_of, fields_known,
                              f"{table.name}.{c.name}")
            else:
                rows, path = direct
                groups.setdefault((id(rows), path[:-1], path[-1][1]), []).append(
                    (value, rows, (path[-1][0], 1, shift, field_bit, word_bytes, fields_known_bytes), c.name))
        elif isinstance(value, Const):
            arrays.append(pa.nulls(batch.rows, c.kind.arrow) if value.value is None
                          else pa.repeat(pa.scalar(value.value, c.kind.arrow), batch.rows))
        elif not isinstance(value, FromHand):
            arrays.append(column(_values(batch, value), c.kind.arrow))
    for (_, parent, kind), members in groups.items():
        if not _descriptor_api.path_group(members[0][1], parent, kind, tuple(item for _, _, item, _ in members)):
            for value, _, (_, count, shift, mask, word_bytes, known_bytes), name in members:  # the general way
                if count:
                    _field_column(_values(batch, value), shift, mask, memoryview(word_bytes).cast("q"),
                                  memoryview(known_bytes).cast("q"), f"{table.name}.{name}")
                else:
                    _flag_column(_values(batch, value), mask, word_view, known_view)
    if words is not None:
        arrays += [pa.Array.from_buffers(_INT64, batch.rows, [None, pa.py_buffer(words)]),
                   pa.Array.from_buffers(_INT64, batch.rows, [None, pa.py_buffer(known)])]
    arrays += [pa.Array.from_buffers(_INT64, batch.rows, [None, pa.py_buffer(data)]) for data in packed]
    return arrays


def _flag_column(values: Sequence[Any], mask: int, words: Any, known: Any) -> None:
    """One BOOLEAN column into a table's flags (``packing.flag_bits``); a value other than ``True``,
    ``False`` or ``None`` is made a boolean by Arrow first (which refuses what it refused before)."""
    if type(values) is not list:
        values = list(values)
    if not flag_bits(values, mask, words, known):
        flag_bits(pa.array(values, type=_BOOLEAN).to_pylist(), mask, words, known)


def _field_column(values: Sequence[Any], shift: int, bit: int, word: Any, known: Any, name: str) -> None:
    """One count column into its word of a table's fields (``packing.count_fields``); a value other than an
    ``int`` in 0..32767 or ``None`` is made a SMALLINT by Arrow first (which refuses what it refused before)."""
    if type(values) is not list:
        values = list(values)
    if not count_fields(values, shift, bit, word, known):
        values = pa.array(values, type=_INT16).to_pylist()
        if not count_fields(values, shift, bit, word, known):
            raise ValueError(f"{name}: a count below 0 ({min(v for v in values if v is not None)})")


def joined_arrays(table: Table, filled: list[tuple[type, list[Any]]], width: int, tags: bytearray | None = None
                  ) -> tuple[list[pa.Array], pa.Array] | None:
    """``built_arrays`` of a table's rows of several variants (``filled``: each variant with its flat rows, in
    the order they were added) as one batch in that order, with its ``_hand_ix``: each variant's values
    computed as ``built_arrays`` does, then put in the rows' order (``merged_tags``, ``gathered``: C loops over
    the lists, where concatenated Arrow columns sorted by ``sort_indices`` and each taken in that order cost
    ~30 instructions a value more; callgrind, worker path). ``None`` where the rows' order is not (hand index,
    one ``batch_order`` int) in every variant: the caller sorts them then. ``tags``: each row's variant (its place in
    ``filled``) in the batch's order, where the caller knows it (no merge then). Each column is gathered by
    ``descriptor_api.row_gathered`` straight from the variants' flat rows where a variant takes a constant, a row's
    source or that source's field (``_row_spec``), where each variant's values were made a list and the lists then
    gathered (callgrind, worker path, with ``Source.present`` 's C loop: ``to_arrow`` 56.4k -> 55.1k instructions a
    hand); a variant's values are computed (``_values``) only for the other columns."""
    if len(table.batch_order) > 1 or table.flags is not None:  # (flags: ``built_arrays`` packs them)
        return None
    batches = [_Batch(table.sources, flat, width) for _, flat in filled]
    declared = [table.values(variant) for variant, _ in filled]
    orders = None
    if tags is None and table.batch_order:
        place = table.names.index(table.batch_order[0])
        orders = []
        for batch, values in zip(batches, declared):
            value = values[place][1]
            if not isinstance(value, Take):
                return None
            found = _values(batch, value)
            orders.append(found if type(found) is list else list(found))
    if tags is None:
        tags = _descriptor_api.merged_tags([flat[width - 1::width] for _, flat in filled], orders)
        if tags is None:
            return None
    places = {source: i for i, source in enumerate(table.sources)}
    flats = [flat for _, flat in filled]
    arrays = []
    for place, (c, value) in enumerate(declared[0]):
        if isinstance(value, FromHand):
            continue
        specs = [_row_spec(batch, values[place][1], flat, width, places)
                 for batch, values, flat in zip(batches, declared, flats)]
        found = _descriptor_api.row_gathered(tags, specs, width)
        if found is None:  # (a source of another type than its first row's: each variant's values made first)
            specs = [(0, None, 0, value.value, None) if isinstance(value, Const) else (1, _listed(batch, value), 0, None, None)
                     for batch, value in ((batch, values[place][1]) for batch, values in zip(batches, declared))]
            found = _descriptor_api.row_gathered(tags, specs, width)
        arrays.append(column(found, c.kind.arrow))
    return arrays, column(_descriptor_api.row_gathered(tags, [(2, flat, width - 1, None, None) for flat in flats], width),
                          pa.int32())


def _listed(batch: _Batch, value: Value) -> list[Any]:
    found = _values(batch, value)
    return found if type(found) is list else list(found)


def _row_spec(batch: _Batch, value: Value, flat: list[Any], width: int, places: dict[Source, int]
              ) -> tuple[int, Any, int, Any, Any]:
    """How ``descriptor_api.row_gathered`` takes a variant's value of a column: a constant; the row's source
    itself, or its field read by the data descriptor its rows' type has (the first row that is not ``None``: a
    row of another type makes ``row_gathered`` answer ``None``), straight from the flat rows; else the values
    ``_values`` computes."""
    if isinstance(value, Const):
        return (0, None, 0, value.value, None)
    if type(value) is Take and value.store is None and value.default is None and len(value.steps) <= 1:
        at = places[value.source]
        if not value.steps:
            return (2, flat, at, None, None)
        name = value.steps[0]
        if type(name) is str:
            for i in range(at, len(flat), width):
                row = flat[i]
                if row is not None:
                    descriptor = _data_descriptor(type(row), name)
                    if descriptor is not None:
                        return (3, flat, at, descriptor, type(row))
                    break
    return (1, _listed(batch, value), 0, None, None)


def hand_indexes(flat: list[Any], width: int) -> pa.Array:
    """The ``_hand_ix`` of each row: the last value of each row in ``flat``."""
    return column(flat[width - 1::width], pa.int32())


_FIXED_CODES = {kind: code for kind, code in ((pa.int16(), "h"), (pa.int32(), "i"), (pa.int64(), "q"),
                                               (pa.float64(), "d"))
                if Struct(code).size * 8 == kind.bit_width}  # C sizes match on every usual platform
_FIXED_SIZES = {code: Struct(code).size for code in _FIXED_CODES.values()}


def _numbers_for(code: str) -> Any:
    """``packing.numbers`` for one C type (``code``): compiled, its specialization for that type, called as it is,
    where the fused function matched each call's arguments to its signatures first (callgrind, worker path:
    ~1k instructions a hand); as Python, ``numbers`` itself."""
    try:
        return numbers[{"h": "short", "i": "int", "q": "long long", "d": "double"}[code]]  # type: ignore[index]
    except TypeError:  # (a plain function: not indexed)
        return numbers


_NUMBERS = {code: _numbers_for(code) for code in _FIXED_SIZES}
_BOOLEAN = pa.bool_()
_INT64 = pa.int64()
_INT16 = pa.int16()
_STRING = pa.string()
_TIMESTAMP = pa.timestamp("us")
_CANONICAL = {kind: kind for kind in (*_FIXED_CODES, _BOOLEAN, _STRING, _TIMESTAMP)}
_CANONICAL_IDS = {id(kind): kind for kind in _CANONICAL}
_FIXED_BY_ID = {id(kind): code for kind, code in _FIXED_CODES.items()}


def _canonical(kind: pa.DataType) -> pa.DataType:
    """The one instance of each type ``column`` packs itself that equals ``kind`` (else ``kind``): found by
    identity first (the declared types are these instances), where hashing an Arrow type costs ~2,000
    instructions and comparing two ~400, for every column of every batch."""
    found = _CANONICAL_IDS.get(id(kind))
    return found if found is kind else _CANONICAL.get(kind, kind)


def column(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """One typed column (declared types: Arrow infers nothing), its buffers written by ``packing`` 's
    loops and made an array with Arrow's ``from_buffers``: where Arrow's sequence converter spends ~170
    instructions on a boolean and ~400 on a string, and ``struct`` ~70 on an int (callgrind, mixed
    PokerStars hands), a compiled loop checks each value's type by pointer and writes it in C.

    Integers and floats go into a typed view of the data buffer (ints, and floats in a float column;
    the C conversion checks the range), ``None`` as 0 under a validity bitmap. An int in a float column
    becomes the double Arrow would make, exactly up to 2**53 (beyond it Arrow refuses and C rounds; no
    money column comes near). A bool or an int subclass in a number column is packed by ``struct`` as
    before. Booleans are bits, strings their joined text and its offsets, times in UTC their microseconds,
    lists their offsets and their items' column.

    Anything else (an int out of range, a float in an integer column, an int in a boolean column, a
    ``str`` subclass, a nested or time type) goes to ``pa.array``, which also gives the same error as
    before on a bad value."""
    if type(values) is not list:  # a field split by zip
        values = list(values)
    kind = _canonical(kind)
    code = _FIXED_BY_ID.get(id(kind))
    if code is not None:
        data = _descriptor_api.unfilled(_FIXED_SIZES[code] * len(values))  # (``numbers`` writes every value)
        try:
            written = _NUMBERS[code](values, memoryview(data).cast(code), code == "d")
        except (OverflowError, ValueError):
            written = None
        if written is not None:
            valid, nulls = written
            return pa.Array.from_buffers(kind, len(values), [None if valid is None else pa.py_buffer(valid),
                                                             pa.py_buffer(data)], nulls)
        try:  # (a bool or an int subclass, as Struct packs them)
            packed = Struct(f"{len(values)}{code}").pack(*values)
        except (StructError, TypeError, OverflowError):
            pass
        else:
            return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(packed)])
    elif kind is _TIMESTAMP:
        data = _descriptor_api.unfilled(8 * len(values))
        written = timestamps(values, memoryview(data).cast("q"))
        if written is not None:
            valid, nulls = written
            return pa.Array.from_buffers(kind, len(values), [None if valid is None else pa.py_buffer(valid),
                                                             pa.py_buffer(data)], nulls)
    elif isinstance(kind, pa.ListType):
        made = _list_column(values, kind)
        if made is not None:
            return made
    else:
        made = strings(values) if kind is _STRING else booleans(values) if kind is _BOOLEAN else None
        if made is not None:
            return made
    return pa.array(values, type=kind)


def _list_column(values: list[Any], kind: pa.ListType) -> pa.Array | None:
    """A list column as its offsets and its items' column (``column`` of them all at once), where Arrow's
    converter spends ~2,400 instructions a list of a few items; ``None`` where that is not the way (a value
    that is no list, an item the items' column refuses: ``pa.array`` then gives its own error)."""
    offsets = bytearray(4 * (len(values) + 1))
    found = list_items(values, memoryview(offsets).cast("i"))
    if found is None:
        return None
    items, valid, nulls = found
    try:
        child = column(items, kind.value_type)
    except (pa.ArrowException, OverflowError, TypeError, ValueError):
        return None
    return pa.Array.from_buffers(kind, len(values), [None if valid is None else pa.py_buffer(valid),
                                                     pa.py_buffer(offsets)], nulls, children=[child])



# ---- store functions the declarations name (``tables``), compiled here: called once a row -------------------


def seated(seats: tuple[Any, ...]) -> int:
    """Seated players not sitting out (``hands.players``). A plain loop: compiled, each seat's flag is read from
    its C struct (callgrind, worker path: the four store functions below, Python functions in ``tables``, took
    ~9.6k instructions a hand through ``map``)."""
    count = 0
    for seat in seats:
        if not seat.sitting_out:
            count += 1
    return count


def amounts_text(amounts: tuple[int, ...]) -> str | None:
    """Claimed side pots as text (``hands.claimed_side_pots``): the amounts joined by spaces, ``None`` if none."""
    if not amounts:
        return None
    return " ".join([str(amount) for amount in amounts])


def paid_players(paid: tuple[tuple[str, int], ...]) -> list[str]:
    """Who a pot paid, in its order (``pots.paid_players``)."""
    return [pair[0] for pair in paid]


def paid_amounts(paid: tuple[tuple[str, int], ...]) -> list[int]:
    """What a pot paid each, in its order (``pots.paid_amounts``)."""
    return [pair[1] for pair in paid]


def enum_text(member: Any) -> str:
    """An enum member's stored text (``hands.limit_type``, ``actions.post_kind``, ``hands.time_flag``): its
    ``_value_``, the plain ``str`` a ``StrEnum`` member's ``str()`` equals (``str()`` goes through the
    enum's ``__str__`` slot and copies the text: callgrind, worker path: ~1.8k instructions a hand). Anything
    else (a plain ``str``, an enum of other values): ``str()`` of it, as before."""
    text = getattr(member, "_value_", None)
    return text if type(text) is str and text == member else str(member)


def is_zero(count: int) -> bool:
    """Whether a count is 0 (``draws.stood_pat``): compiled, where ``partial(eq, 0)`` called ``eq`` through
    ``partial`` for each row."""
    return count == 0


def is_none(value: Any) -> bool:
    """Whether a value is ``None`` (``actions.is_total``: a raise written as its total only)."""
    return value is None


def is_present(value: Any) -> bool:
    """Whether a value is not ``None`` (``Source.present``: ``replayed``)."""
    return value is not None

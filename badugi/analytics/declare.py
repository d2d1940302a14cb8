"""The words the store's tables are declared in (the declarations are in ``analytics/tables``).

A table is a tuple of named ``Column`` s. Each column has its type (``Kind``: DuckDB's and Arrow's)
and says where its value comes from: a path into one of the table's row ``Source`` s (``HAND("stakes
.small_bet")``, ``FACTS("drawn.0")``), a constant, or a function of such paths. Everything else is
derived from that one declaration: the DDL and the migrations that add columns (``schema``), the Arrow
schema and the row builder of an import batch (``columnar``, ``rows``), and the reader that rebuilds
records from stored rows (``rebuild``, used by ``stored_hands`` and the store's file progress): a path
read back goes into the record field it was taken from.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from badugi.engine import record as record_module


@dataclass(frozen=True)
class Kind:
    """A column type: its DuckDB name and the Arrow type of its batch column."""

    sql: str
    arrow: pa.DataType


VARCHAR = Kind("VARCHAR", pa.string())
BIGINT = Kind("BIGINT", pa.int64())
INTEGER = Kind("INTEGER", pa.int32())
SMALLINT = Kind("SMALLINT", pa.int16())
BOOLEAN = Kind("BOOLEAN", pa.bool_())
DOUBLE = Kind("DOUBLE", pa.float64())
TIMESTAMP = Kind("TIMESTAMP", pa.timestamp("us"))
VARCHAR_LIST = Kind("VARCHAR[]", pa.list_(pa.string()))
BIGINT_LIST = Kind("BIGINT[]", pa.list_(pa.int64()))

Step = str | int


class Source:
    """One named input of a table's rows: a record (a hand, a seat, an event, a player's facts) or a
    plain value the row builder computes (a sequence number). ``record`` is the type the values are
    (where known): a path into it is checked, field by field, when its table is declared.

    Calling a source gives a path into it: ``HAND("stakes.small_bet")`` is ``hand.stakes.small_bet``,
    ``FACTS("streets.0.bets")`` is ``facts.streets[0].bets`` (a number is an index)."""

    __slots__ = ("name", "record")

    def __init__(self, name: str, record: type | None = None) -> None:
        self.name = name
        self.record = record

    def __call__(self, path: str = "") -> Take:
        steps = tuple(int(part) if part.isdigit() else part for part in path.split(".")) if path else ()
        return Take(self, steps)

    def present(self) -> Combine:
        """True where the row has this source, False where it is ``None`` (a hand the replay could not run)."""
        from badugi.analytics.columnar import is_present  # (columnar imports this module)

        return Combine(is_present, (Take(self, ()),))

    def __repr__(self) -> str:
        return f"Source({self.name!r})"


@dataclass(frozen=True)
class Take:
    """The value at ``steps`` in ``source``; ``None`` wherever the path meets ``None`` (then ``default``).
    ``store`` turns each value that is not ``None`` into what the column holds (``str`` of an enum,
    cards as text); ``load`` is its inverse, for the reader. A path with a ``store`` and no ``load`` is
    written only (a count, a flag computed from the record)."""

    source: Source
    steps: tuple[Step, ...]
    store: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    default: Any = None

    def stored(self, store: Callable[[Any], Any], load: Callable[[Any], Any] | None = None) -> Take:
        return dataclasses.replace(self, store=store, load=load)

    def loaded(self, load: Callable[[Any], Any]) -> Take:
        """Stored as it is, given back to the record through ``load``."""
        return dataclasses.replace(self, load=load)

    def otherwise(self, default: Any) -> Take:
        """The column's value where the path meets ``None``."""
        return dataclasses.replace(self, default=default)

    @property
    def goes_back(self) -> bool:
        """Whether the reader puts the stored value back into the record."""
        return bool(self.steps) and (self.store is None or self.load is not None)


@dataclass(frozen=True)
class Const:
    """The same value on every row (a variant's tag, ``NULL`` for what a variant lacks)."""

    value: Any


@dataclass(frozen=True)
class Combine:
    """``function(*values)`` of several paths, row by row (``operator.eq`` of a seat's player and the hero)."""

    function: Callable[..., Any]
    takes: tuple[Take, ...]


@dataclass(frozen=True)
class FromHand:
    """A hand-level table's hand key: copied from its hand's ``hands`` row, not built per row."""


Value = Take | Const | Combine | FromHand


@dataclass(frozen=True)
class Closed:
    """A VARCHAR column of a keyed table whose values are a closed set (every value the records can give),
    stored from schema version ``since`` in the stored table as a DuckDB ``ENUM`` of ``values`` (one byte a
    row); the table's view gives it back as ``VARCHAR``, so queries, exports and readers see no change, and
    the import batch keeps the text (DuckDB casts it at the insert: a value outside the set fails the
    insert). DuckDB's write of a VARCHAR value (UTF-8 check, the appended segment, read back and dictionary
    + FSST compressed at the checkpoint) costs far more than one small integer's. Measured (callgrind, the
    write of the 20,000 mixed hands' batches as a 2-job import commits them, less opening the store): every
    table 137.9k -> 131.4k instructions a hand (``actions`` alone 42.2k -> 37.4k); the importing process of a
    2-job import (``cgi.sh``, 20,000 less 200 hands) 221.4k -> 219.8k, its DuckDB and libc functions 155.5k ->
    148.8k (the Python interpreter's counts rose 5.1k across the board: the loaded VM's thread timing)."""

    since: int
    values: tuple[str, ...]

    @property
    def sql(self) -> str:
        return "ENUM(" + ", ".join("'" + value.replace("'", "''") + "'" for value in self.values) + ")"


@dataclass(frozen=True)
class Column:
    """One stored column. ``since`` is the schema version that added it: a column added to a table the
    store already has takes the next version number (``schema`` then adds it to existing databases).
    ``closed``: stored as an ENUM of its values from that version on (``Closed``)."""

    name: str
    kind: Kind
    value: Value
    since: int = 1
    closed: Closed | None = None

    def stored_sql(self, version: int) -> str:
        """The column's DuckDB type in its stored table at schema version ``version``."""
        return self.closed.sql if self.closed is not None and version >= self.closed.since else self.kind.sql


@dataclass(frozen=True)
class Flags:
    """A table's BOOLEAN columns stored as the bits of one BIGINT column (from schema version ``since``):
    bit k of ``values`` is the k-th BOOLEAN column declared, set where it is true, and bit k of ``known`` is
    set where it is not NULL (a column added later is NULL on the rows stored before it: its known bit is 0).
    DuckDB's insert costs much the same for a BOOLEAN column as for a BIGINT one (callgrind, importing
    process, 20,000 mixed hands: ``hand_players`` ' 35 booleans as two BIGINTs, 224.7k -> 192.4k instructions
    a hand). The rows go into the table ``stored``; the table's own name is a view that gives every
    declared column as a plain table would (``Table.view_sql``), so queries, exports and readers see no
    change. The import batch (``Table.batch_schema``) holds the two integers, not the booleans."""

    since: int
    stored: str
    values: str = "flags"
    known: str = "flags_known"


FLAG_BITS = 63  # the bits of a BIGINT a flag may use (not the sign bit)


@dataclass(frozen=True)
class Fields:
    """Count columns (SMALLINT, never negative) stored as ``FIELD_BITS`` -bit fields of BIGINT words, from schema
    version ``since``, in the stored table of the table's ``Flags``: column k is field ``k % FIELDS_PER_WORD`` of
    word ``k // FIELDS_PER_WORD`` (``words``), and bit k of ``known`` is set where it is not NULL. A field holds
    0..32767, every count a SMALLINT held (another value fails the import as it did). Measured (callgrind,
    DuckDB write of the 20,000 mixed hands' batches): ``hand_players`` ' 15 street action counts as 4 words and
    a known mask, 190.4k -> 183.3k instructions a hand (as bytes of 2 words 181.4k, but a byte cannot hold
    every count). The view gives each column back as SMALLINT."""

    since: int
    columns: tuple[str, ...]
    words: tuple[str, ...]
    known: str


@dataclass(frozen=True)
class Keyed:
    """A hand-level table's rows stored, from schema version ``since``, in the table ``stored`` with the hand's
    number (``HAND_NUMBER``, a BIGINT the store's single writer gives each hand it stores: ``Store``): ``hands``
    ' stored table (``hands``) keeps it beside ``room`` and ``room_hand_id``, every other hand-level table keeps
    it in their place. The table's own name is a view that gives every declared column as before (a child's
    joins ``hands`` ' stored table on the number), so queries, exports and readers see no change; a child's
    import batch has no hand key, only ``_hand_ix`` (the writer inserts it plus the batch's first number).
    DuckDB's insert of two VARCHAR key columns a row costs far more than one BIGINT (callgrind, DuckDB write of
    the 20,000 mixed hands' batches: 190.4k -> 156.4k instructions a hand)."""

    since: int
    stored: str
    hands: str = "hands_stored"

    @property
    def child(self) -> bool:
        """Whether the table is keyed by ``hands`` ' number (not ``hands`` itself)."""
        return self.stored != self.hands


HAND_NUMBER = "hand"
HAND_KEY_NAMES = ("room", "room_hand_id")

FIELD_BITS = 15  # 0..32767: a SMALLINT's counts
FIELD_MASK = (1 << FIELD_BITS) - 1
FIELDS_PER_WORD = 63 // FIELD_BITS  # (not the sign bit)


@dataclass(frozen=True)
class Table:
    """One store table, declared once.

    ``sources`` are the values each row is built from, in the order the row builder (``rows``) gives
    them; a hand-level table (``per_hand``) also gets the hand key (from ``hands``) and ``_hand_ix``.
    ``variants`` (when its rows come from records of several types, ``variant_source``): per type, the
    columns it fills differently from the declared ``columns``; ``tag`` is the column whose constant
    tells the variants apart; ``batch_order`` the columns (after ``_hand_ix``) that put a batch's rows
    back in the order they were added. ``order_by`` is the stable order for comparing and exporting."""

    name: str
    columns: tuple[Column, ...]
    sources: tuple[Source, ...]
    order_by: str
    per_hand: bool = False
    per_file: bool = False
    in_batch: bool = True
    variant_source: Source | None = None
    variants: Mapping[type, Mapping[str, Value]] = field(default_factory=dict)
    tag: str | None = None
    batch_order: tuple[str, ...] = ()
    flags: Flags | None = None
    fields: Fields | None = None
    keyed: Keyed | None = None

    def __post_init__(self) -> None:
        _check(self)

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        for column in self.columns:
            if column.name == name:
                return column
        raise KeyError(f"{self.name} has no column {name!r}")

    def values(self, variant: type | None = None) -> list[tuple[Column, Value]]:
        """Each column with how its value is taken (for ``variant``: its own where it declares one)."""
        own = self.variants.get(variant, {}) if variant is not None else {}
        return [(c, own.get(c.name, c.value)) for c in self.columns]

    def arrow_schema(self) -> pa.Schema:
        """The declared columns' Arrow types (as a query of the table gives them, and the Parquet archive
        holds them); an import batch's own columns are ``batch_schema``."""
        return pa.schema([(c.name, c.kind.arrow) for c in self.columns])

    # ---- flags: BOOLEAN columns stored as bits (``Flags``) ---------------------------------------

    @property
    def flag_columns(self) -> list[Column]:
        """The columns stored as bits, in bit order (none without ``flags``)."""
        return [c for c in self.columns if c.kind == BOOLEAN] if self.flags is not None else []

    def flag_mask(self, name: str) -> int:
        """The bit of flag column ``name`` in the flags (``1 << k``: the k-th BOOLEAN column declared)."""
        return 1 << [c.name for c in self.flag_columns].index(name)

    def packed(self, version: int) -> bool:
        """Whether the table's rows are stored with flags at schema version ``version``."""
        return self.flags is not None and version >= self.flags.since

    def fields_packed(self, version: int) -> bool:
        """Whether the table's count columns are stored as fields at schema version ``version`` (``Fields``)."""
        return self.fields is not None and version >= self.fields.since

    def keyed_at(self, version: int) -> bool:
        """Whether the table's rows are stored with the hand's number at schema version ``version`` (``Keyed``)."""
        return self.keyed is not None and version >= self.keyed.since

    def viewed(self, version: int) -> bool:
        """Whether the table's rows are in its stored table, its name a view, at schema version ``version``."""
        return self.packed(version) or self.keyed_at(version)

    def relaid(self, version: int) -> bool:
        """Whether version ``version`` changes how the table's rows are stored (its flags, fields or key come)."""
        return any(packing is not None and packing.since == version
                   for packing in (self.flags, self.fields, self.keyed))

    @property
    def insert_columns(self) -> list[str]:
        """The batch columns the writer inserts (``batch_columns``; a keyed child's hand key is its number)."""
        return [name for name, _ in self.batch_columns]

    def field_place(self, name: str) -> tuple[str, int, int]:
        """Count column ``name`` 's word, the shift of its field in it, and its bit in the fields' known mask."""
        assert self.fields is not None
        k = self.fields.columns.index(name)
        return self.fields.words[k // FIELDS_PER_WORD], FIELD_BITS * (k % FIELDS_PER_WORD), 1 << k

    def _stored_as_column(self, column: Column, version: int) -> bool:
        """Whether ``column`` is a column of its own in the stored table at ``version`` (not a bit, not a field)."""
        if self.packed(version) and column.kind == BOOLEAN:
            return False
        return not (self.fields_packed(version) and self.fields is not None and column.name in self.fields.columns)

    @property
    def batch_columns(self) -> list[tuple[str, Kind]]:
        """An import batch's columns (then ``_hand_ix``): the declared ones, the flag columns replaced by
        the two flag integers at the end, then the count columns' words and known mask (``Fields``). A keyed
        child's batch has no hand key: the writer gives its number from ``_hand_ix``, a reader that wants the
        key takes it from the batch's ``hands`` by ``_hand_ix`` (``flags.with_hand_key``); workers built it
        with an Arrow ``take`` and sent it for nothing."""
        columns = [c for c in self.columns if not (self.keyed is not None and self.keyed.child
                                                      and c.name in HAND_KEY_NAMES)]
        if self.flags is None:
            return [(c.name, c.kind) for c in columns]
        latest = max(c.since for c in self.columns) + self.flags.since + (self.fields.since if self.fields else 0)
        return [*((c.name, c.kind) for c in columns if self._stored_as_column(c, latest)),
                *((name, BIGINT) for name in self._packings(latest))]

    def _packings(self, version: int) -> list[str]:
        """The stored integer columns at ``version``: the flags', then the fields' (``Flags``, ``Fields``)."""
        found = [self.flags.values, self.flags.known] if self.flags is not None and self.packed(version) else []
        if self.fields is not None and self.fields_packed(version):
            found += [*self.fields.words, self.fields.known]
        return found

    def batch_schema(self) -> pa.Schema:
        return pa.schema([(name, kind.arrow) for name, kind in self.batch_columns])

    @property
    def stored_name(self) -> str:
        """The table the rows are inserted into (``Keyed.stored``, ``Flags.stored``, else the table's name)."""
        if self.keyed is not None:
            return self.keyed.stored
        return self.flags.stored if self.flags is not None else self.name

    def stored_columns(self, version: int) -> list[tuple[str, str]]:
        """The stored table's columns at schema version ``version`` (name, DuckDB type): as the migration that
        packed the rows last made them (the plain ones in declared order, then the flags and the fields), then
        the columns added since, as a migration adds them (at the end)."""
        packed = max([p.since for p in (self.flags, self.fields, self.keyed) if p is not None and p.since <= version],
                     default=0)
        plain = [(c.name, c.stored_sql(version)) for c in self.columns
                 if c.since <= version and self._stored_as_column(c, version)]
        later = {c.name for c in self.columns if c.since > packed}
        found = [*(p for p in plain if p[0] not in later), *((name, "BIGINT") for name in self._packings(version)),
                 *(p for p in plain if p[0] in later)]
        if self.keyed is not None and self.keyed_at(version):
            if self.keyed.child:
                return [(HAND_NUMBER, "BIGINT"), *(p for p in found if p[0] not in HAND_KEY_NAMES)]
            return [*(p for p in found if p[0] not in later), (HAND_NUMBER, "BIGINT"),
                    *(p for p in found if p[0] in later)]
        return found

    def create_sql(self, version: int) -> str:
        """``CREATE TABLE`` with the columns of schema version ``version`` (none if it exists: a migration
        may be run again on a store that has the table); a table with flags at that version: its stored
        table (``stored_columns``)."""
        if not self.viewed(version):
            columns = ", ".join(f'"{c.name}" {c.kind.sql}' for c in self.columns if c.since <= version)
            return f"CREATE TABLE IF NOT EXISTS {self.name} ({columns})"
        stored = ", ".join(f'"{name}" {sql}' for name, sql in self.stored_columns(version))
        return f"CREATE TABLE IF NOT EXISTS {self.stored_name} ({stored})"

    def view_sql(self, version: int, fields_stored: bool | None = None, keyed_stored: bool | None = None,
                 flags_stored: bool | None = None) -> str:
        """The view named as the table: every column of schema version ``version`` in declared order, a flag
        column as ``BOOLEAN`` from its bits, a count column as ``SMALLINT`` from its field (NULL where its
        known bit is 0), a keyed child's hand key from ``hands`` ' stored table. ``fields_stored``,
        ``keyed_stored``, ``flags_stored``: whether the stored table has the fields, the hand's number, the flags
        (default: as at ``version``)."""
        if flags_stored is None:
            flags_stored = self.packed(version)
        flags = {c.name for c in self.flag_columns} if flags_stored else set()
        if fields_stored is None:
            fields_stored = self.fields_packed(version)
        if keyed_stored is None:
            keyed_stored = self.keyed_at(version)
        fields = set(self.fields.columns) if self.fields is not None and fields_stored else set()
        join = self.keyed is not None and self.keyed.child and keyed_stored
        x = "x." if join else ""
        columns = []
        for c in self.columns:
            if c.since > version:
                continue
            if c.name in flags:
                assert self.flags is not None
                mask = self.flag_mask(c.name)
                values, known = f'{x}"{self.flags.values}"', f'{x}"{self.flags.known}"'
                columns.append(f'CASE WHEN ({known} & {mask}) <> 0 THEN ({values} & {mask}) <> 0 END AS "{c.name}"')
            elif c.name in fields:
                assert self.fields is not None
                word, shift, bit = self.field_place(c.name)
                columns.append(f'CASE WHEN ({x}"{self.fields.known}" & {bit}) <> 0 '
                               f'THEN (({x}"{word}" >> {shift}) & {FIELD_MASK})::SMALLINT END AS "{c.name}"')
            elif join and c.name in HAND_KEY_NAMES:
                columns.append(f'h."{c.name}"')
            elif c.closed is not None and version >= c.closed.since:  # an ENUM given back as text
                columns.append(f'{x}"{c.name}"::{c.kind.sql} AS "{c.name}"')
            else:
                columns.append(f'{x}"{c.name}"')
        source = self.stored_name
        if join:
            assert self.keyed is not None
            source = f'{source} x JOIN {self.keyed.hands} h ON h."{HAND_NUMBER}" = x."{HAND_NUMBER}"'
        return f"CREATE OR REPLACE VIEW {self.name} AS SELECT {', '.join(columns)} FROM {source}"

    def pack_sql(self, version: int, source: str | None = None) -> str:
        """``INSERT`` into the stored table (schema version ``version``) of the rows of ``source``, a table as
        they were stored at ``version`` - 1 (the plain table, or the stored table before the fields or the key
        came): the migration that brings the flags, the fields or the key packs them (a child's rows take their
        hand's number from ``hands`` ' stored table; ``hands`` numbers its rows from 0)."""
        before = version - 1
        join = self.keyed is not None and self.keyed.child and self.keyed_at(version) and not self.keyed_at(before)
        selected = []
        names = []
        for name, _ in self.stored_columns(version):
            names.append(f'"{name}"')
            selected.append(self._packed_value(name, version, before))
        rows = f"{source or self.name} x"
        if join:
            assert self.keyed is not None
            rows += (f' JOIN {self.keyed.hands} h ON h."room" = x."room" AND h."room_hand_id" = x."room_hand_id"')
        return f"INSERT INTO {self.stored_name} ({', '.join(names)}) SELECT {', '.join(selected)} FROM {rows}"

    def _packed_value(self, name: str, version: int, before: int) -> str:
        """The SQL of stored column ``name`` at ``version`` from a row as stored at ``before`` (``x``)."""
        if name == HAND_NUMBER and self.keyed is not None and not self.keyed_at(before):
            return f'h."{HAND_NUMBER}"' if self.keyed.child else "(row_number() OVER () - 1)::BIGINT"
        if self.flags is not None and name in (self.flags.values, self.flags.known) and not self.packed(before):
            flags = [(k, c.name) for k, c in enumerate(self.flag_columns) if c.since <= before]
            if name == self.flags.values:
                return " | ".join(f'(coalesce(x."{n}", false)::BIGINT << {k})' for k, n in flags) or "0"
            return " | ".join(f'((x."{n}" IS NOT NULL)::BIGINT << {k})' for k, n in flags) or "0"
        fields = self.fields
        if fields is not None and name in (*fields.words, fields.known) and not self.fields_packed(before):
            places = [(c, *self.field_place(c)) for c in fields.columns if self.column(c).since <= before]
            if name == fields.known:
                return " | ".join(f'((x."{c}" IS NOT NULL)::BIGINT << {bit.bit_length() - 1})'
                                  for c, _, _, bit in places) or "0"
            return " | ".join(f'((coalesce(x."{c}", 0)::BIGINT & {FIELD_MASK}) << {shift})'
                              for c, word, shift, _ in places if word == name) or "0"
        return f'x."{name}"'

    def back(self, source: Source, variant: type | None = None) -> list[tuple[str, Take]]:
        """The columns the reader puts back into ``source`` 's record: (column name, its path)."""
        return [(c.name, v) for c, v in self.values(variant)
                if isinstance(v, Take) and v.source is source and v.goes_back]

    def variant_of(self, tag_value: Any) -> type:
        """The variant whose tag column holds ``tag_value`` (the reader's dispatch)."""
        for variant, own in self.variants.items():
            value = own.get(self.tag or "")
            if isinstance(value, Const) and value.value == tag_value:
                return variant
        raise KeyError(f"{self.name}: no variant has {self.tag} = {tag_value!r}")


def hand_key_columns() -> tuple[Column, ...]:
    """The hand key of a hand-level table other than ``hands`` (see ``FromHand``)."""
    return (Column("room", VARCHAR, FromHand()), Column("room_hand_id", VARCHAR, FromHand()))


def _check(table: Table) -> None:
    """What a declaration must hold, checked when it is made (a newcomer's mistake fails at import)."""
    names = table.names
    if len(set(names)) != len(names):
        raise ValueError(f"{table.name}: a column name is declared twice")
    if table.flags is not None:
        if len(table.flag_columns) > FLAG_BITS:
            raise ValueError(f"{table.name}: {len(table.flag_columns)} BOOLEAN columns, more than the {FLAG_BITS} "
                             "bits of its flags")
        if {table.flags.values, table.flags.known} & set(names):
            raise ValueError(f"{table.name}: a column is named as its flags")
    if table.keyed is not None:
        if not table.per_hand or (table.flags is not None and table.flags.stored != table.keyed.stored):
            raise ValueError(f"{table.name}: a keyed table is hand-level, stored beside its flags")
        if table.keyed.child and tuple(names[:2]) != HAND_KEY_NAMES:
            raise ValueError(f"{table.name}: a keyed child starts with hand_key_columns()")
        if HAND_NUMBER in names:
            raise ValueError(f"{table.name}: a column is named as the hand's number")
    if table.fields is not None:
        fields = table.fields
        if table.flags is None or fields.since < table.flags.since:
            raise ValueError(f"{table.name}: fields are stored beside the flags (in their stored table)")
        if len(fields.words) * FIELDS_PER_WORD < len(fields.columns) or len(fields.columns) > FLAG_BITS:
            raise ValueError(f"{table.name}: {len(fields.columns)} fields do not fit {len(fields.words)} words")
        if {*fields.words, fields.known} & {*names, table.flags.values, table.flags.known}:
            raise ValueError(f"{table.name}: a column is named as its fields")
        for name in fields.columns:
            if name not in names or table.column(name).kind != SMALLINT or table.column(name).since > fields.since:
                raise ValueError(f"{table.name}.{name}: a field is a SMALLINT column declared by version "
                                 f"{fields.since}")
    for column in table.columns:
        if column.closed is not None and (table.keyed is None or column.kind != VARCHAR
                                          or len(set(column.closed.values)) != len(column.closed.values)):
            raise ValueError(f"{table.name}.{column.name}: a closed column is a VARCHAR of a keyed table (shown "
                             "through its view), each value once")
    latest = table.columns[0]
    for column in table.columns:
        if column.since < latest.since:  # databases made before get added columns at the end of the table
            raise ValueError(f"{table.name}.{latest.name} (since {latest.since}) is declared before {column.name} "
                             f"(since {column.since}): a column added to a table goes after all the others")
        latest = column
    for column in table.columns:
        for take in _takes(column.value):
            if take.source not in table.sources:
                raise ValueError(f"{table.name}.{column.name} reads {take.source.name}, not one of its sources")
            if take.source is not table.variant_source and take.source.record is not None:
                _check_path(table, column, take.source.record, take)
    for variant, own in table.variants.items():
        unknown = set(own) - set(names)
        if unknown:
            raise ValueError(f"{table.name} variant {variant.__name__} names no such column: {sorted(unknown)}")
        for column, value in table.values(variant):
            for take in _takes(value):
                if take.source is table.variant_source:
                    _check_path(table, column, variant, take, " (a variant declares its own value for it)")


def _check_path(table: Table, column: Column, record: type, take: Take, hint: str = "") -> None:
    """Each named step of a path is a field of the record it steps into (as far as the types say)."""
    current: Any = record
    for step in take.steps:
        if isinstance(step, int):  # tuple[X, ...]: every item is an X
            args = typing.get_args(current)
            current = args[0] if len(args) == 2 and args[1] is Ellipsis else None
        else:
            known = _field_types(current) if _is_record(current) else None
            if known is None or step not in known:
                raise ValueError(f"{table.name}.{column.name}: {getattr(current, '__name__', current)} has no "
                                 f"field {step!r} (path {'.'.join(map(str, take.steps))}){hint}")
            current = known[step][0]
        if current is None or not (_is_record(current) or typing.get_origin(current) is tuple):
            return  # a plain value (or a type the declarations do not say): nothing further to check


def _is_record(kind: Any) -> bool:
    return isinstance(kind, type) and (dataclasses.is_dataclass(kind) or hasattr(kind, "_fields"))


def _takes(value: Value) -> tuple[Take, ...]:
    if isinstance(value, Take):
        return (value,)
    if isinstance(value, Combine):
        return value.takes
    return ()


# ---- the reader: stored values back into records -------------------------------------------------


def rebuild(record: type, pairs: list[tuple[str, Take]], row: Mapping[str, Any], **fields: Any) -> Any:
    """``record`` built from a stored row: each path's value (``load`` ed) goes back to the field it was
    taken from, nested records (``stakes.small_bet``) are built from their fields' types, and a nested
    record that may be ``None`` is ``None`` when all its stored values are (a cash hand's tournament).
    ``fields`` are given directly (events, seats)."""
    nested: dict[str, Any] = {}
    for name, take in pairs:
        value = row[name]
        if take.load is not None:
            value = take.load(value)
        place = nested
        for step in take.steps[:-1]:
            place = place.setdefault(step, {})
        place.setdefault(take.steps[-1], value)  # the first column taken from a field gives it back
    return _construct(record, {**nested, **fields})


def _construct(record: type, values: dict[str, Any]) -> Any:
    hints = _field_types(record)
    kwargs = {}
    for name, value in values.items():
        if isinstance(value, dict):
            nested_type, optional = hints[name]
            leaves = list(_leaves(value))
            value = None if optional and all(v is None for v in leaves) else _construct(nested_type, value)
        kwargs[name] = value
    return record(**kwargs)


def _leaves(values: dict[str, Any]) -> Any:
    for value in values.values():
        if isinstance(value, dict):
            yield from _leaves(value)
        else:
            yield value


_FIELD_TYPES: dict[type, dict[str, tuple[Any, bool]]] = {}


def _type_hints(record: type) -> dict[str, Any]:
    """``typing.get_type_hints``; for a compiled ``Hand`` record (an extension type, no ``__annotations__``)
    the annotations its ``.py`` class writes (``record.field_types``)."""
    if record.__module__ == record_module.__name__ and record.__name__ in record_module.field_annotations():
        return record_module.field_types(record)
    return typing.get_type_hints(record)


def _field_types(record: type) -> dict[str, tuple[Any, bool]]:
    """Each field's record type (the dataclass inside ``X | None``) and whether it may be ``None``."""
    found = _FIELD_TYPES.get(record)
    if found is None:
        found = {}
        for name, hint in _type_hints(record).items():
            union = isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union
            args = typing.get_args(hint) if union else ()
            inner = [a for a in args if a is not type(None)]
            found[name] = (inner[0] if len(inner) == 1 else hint, type(None) in args)
        _FIELD_TYPES[record] = found
    return found

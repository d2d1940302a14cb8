"""``export_tables``: every stored table round-trips through Parquet and CSV."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from badugi.analytics import schema
from badugi.analytics.export import export_tables
from badugi.analytics.store import Store
from badugi.errors import BadInput
from store_fixtures import batch, folded_hand, heads_up_hand, progress


@pytest.fixture
def filled(tmp_path: Path) -> Store:
    with Store(tmp_path / "t.duckdb") as store:
        store.write_batch(batch(heads_up_hand(), folded_hand("2")), progress())
        yield store


def test_parquet_has_every_table_with_every_row(filled: Store, tmp_path: Path) -> None:
    written = export_tables(filled, tmp_path / "out", "parquet")
    assert {name for name, _, _ in written} == set(schema.TABLES) | {"schema_version"}
    for name in schema.TABLES:
        exported = pl.read_parquet(tmp_path / "out" / f"{name}.parquet")
        assert exported.equals(filled.table(name)), name
    assert pl.read_parquet(tmp_path / "out" / "hands.parquet").height == 2


def test_csv_has_a_header_and_the_rows(filled: Store, tmp_path: Path) -> None:
    export_tables(filled, tmp_path / "csv", "csv")
    actions = pl.read_csv(tmp_path / "csv" / "actions.csv")
    assert actions.columns == schema.column_names("actions")
    assert actions.height == 6 + 3
    assert actions["action"].to_list()[:3] == ["post", "post", "call"]


def test_unknown_format_is_a_clear_error(filled: Store, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="format"):
        export_tables(filled, tmp_path / "x", "xlsx")

"""The import's prefix hash: libsodium's BLAKE2b where the system has it, else ``hashlib``'s; both give
``hashlib.blake2b(digest_size=16)`` 's digests, midway and at the end, so a store written with one reads on
with the other."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from badugi.analytics import importer


def _check(hasher: object) -> None:
    data = os.urandom(300_000)
    reference = hashlib.blake2b(digest_size=16)
    done = 0
    for length in (0, 1, 127, 128, 129, 255, 256, 1_000, 4_096, 100_000, 150_000):
        piece = data[done:done + length]
        hasher.update(piece, length if length % 2 else -1)  # type: ignore[attr-defined]
        reference.update(piece)
        done += length
        assert hasher.hexdigest() == reference.hexdigest()  # type: ignore[attr-defined]
    shorter = data[done:done + 5_000]
    hasher.update(shorter, 3_000)  # type: ignore[attr-defined]  # only the first 3,000 bytes
    reference.update(shorter[:3_000])
    assert hasher.hexdigest() == reference.hexdigest()  # type: ignore[attr-defined]


def test_the_prefix_hash_is_hashlibs_blake2b() -> None:
    _check(importer.prefix_hasher())
    _check(importer._HashlibBlake2b())


def test_libsodiums_blake2b_gives_hashlibs_digests() -> None:
    sodium = importer._Sodium.load()
    if sodium is None:
        pytest.skip("no libsodium here (or pure mode): hashlib's BLAKE2b is used")
    _check(importer._Blake2b(sodium))


def test_an_import_stores_hashlibs_prefix_hash(tmp_path: Path) -> None:
    """The progress stored after an import is the hash of the bytes read, as ``hashlib`` computes it."""
    from badugi.analytics.store import Store

    files = sorted(p for p in (Path(__file__).parents[2] / "sample_histories").rglob("*.txt"))[:1]
    assert files
    with Store(tmp_path / "s.duckdb") as store:
        importer.import_files(store, files, jobs=1)
        state = store.file_state(str(files[0]))
    assert state is not None and state.bytes_read > 0
    assert state.prefix_hash == hashlib.blake2b(files[0].read_bytes()[:state.bytes_read], digest_size=16).hexdigest()

"""The compiled modules and their pure-Python twins (``badugi.COMPILED``, ``setup.py``): the same work run
both ways gives the same records, replays, violations and store rows, and a representative part of the
suite passes on the pure path too (the rest of the suite runs on whatever this install has)."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import badugi
from badugi.compiled import RECORD_NAME, load_source, source_hash, stale_modules

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent / "shared" / "real_hh" / "pokerstars"

WORK = r"""
import hashlib, sys
from pathlib import Path
import badugi
from badugi.analytics.batch import process_hands
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.simulate_mix import MixConfig
from badugi.parsers.reader import iter_hand_texts, read_bytes, read_file
from badugi.parsers.writers.generate import generate

digest = hashlib.sha256()
def note(value):
    digest.update(repr(value).encode())

files = [Path(p) for p in sys.argv[1:]]
mixed = b"".join(generate(MixConfig(names=3000, heroes=5, tables=8, cash_session=(5, 40)), 9, 300))
sources = [(str(f), f.read_bytes()) for f in files] + [("mixed.txt", mixed)]
hands = 0
for name, data in sources:
    for result in read_bytes(data, name):
        note(result)
        if isinstance(result, Hand):
            hands += 1
            done = replay(result)
            note(done)
    import io
    texts = list(iter_hand_texts(io.BytesIO(data)))
    tables, kept = process_hands(texts, name)
    for table_name in sorted(tables):
        note((table_name, kept, tables[table_name].to_pylist()))
print(len(badugi.compiled_modules()), hands, digest.hexdigest())
"""


EV_WORK = r"""
import hashlib, random
import badugi
from badugi.engine.allin_ev import Contender, Pot, allin_equity
from badugi.engine.games import GAMES
from badugi.errors import BadInput

digest = hashlib.sha256()
rng = random.Random(4)
names = sorted(GAMES)
methods = set()
for k in range(240):  # every game; known, unknown, conditioned and shown hands; side pots; ties; reshuffles
    game = GAMES[names[k % len(names)]]
    size = game.hand_size
    deck = list(range(52))
    rng.shuffle(deck)
    tied = k % 5 == 0  # known hands of the same low ranks, one draw left: exact counts with ties
    ranks = rng.sample(range(8), size - 1) + [12]
    contenders = []
    for player in range(rng.randint(2, 3) if tied else rng.randint(2, 4 if size == 5 else 6)):
        if tied:  # the same ranks, the suits turned by one a player
            hand = tuple(r * 4 + (player + n) % 4 for n, r in enumerate(ranks))
            deck = [c for c in deck if c not in hand]
        else:
            hand = tuple(deck.pop(0) for _ in range(size))
        kind = 0.0 if tied else rng.random()
        if kind < 0.45:
            kept = tuple(c for c in hand if rng.random() < 0.7) if rng.random() < 0.5 else None
            contenders.append(Contender(player, hand, kept))
        elif kind < 0.7:
            contenders.append(Contender(player, None, None, rng.choice([None, 0, 1, 2])))
        else:
            contenders.append(Contender(player, None, None, rng.randint(1, size), shown=hand))
    dead = tuple(deck.pop() for _ in range(rng.choice([0, 3, 9, 20])))
    players = [c.player for c in contenders]
    side = tuple(sorted(rng.sample(players, rng.randint(1, len(players)))))
    pots = [Pot(rng.choice([0, 100, 101, 999]), tuple(players)), Pot(rng.randint(1, 300), side)][:rng.randint(1, 2)]
    try:
        equity = allin_equity(game, contenders, pots, 1 if tied else rng.randint(1, game.draws), dead,
                              unit=rng.choice([1, 5]),
                              odd_half=rng.randint(0, 1), seed=rng.randint(0, 2**32 - 1),
                              samples=rng.choice([200, 37]))
        methods.add(equity.method)
        digest.update(repr((sorted(equity.expected.items()), sorted(equity.stderr.items()), equity.method,
                            equity.deals, equity.seed)).encode())
    except BadInput as error:
        digest.update(str(error).encode())
print(len(badugi.compiled_modules()), int("badugi.engine.allin_deals" in badugi.compiled_modules()),
      "+".join(sorted(methods)), digest.hexdigest())
"""


def _run(code_or_args: list[str], pure: bool, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BADUGI_PURE_PYTHON": "1" if pure else "0"}
    return subprocess.run([sys.executable, *code_or_args], cwd=ROOT, env=env, text=True, capture_output=True,
                          timeout=timeout)


def test_the_pure_path_imports_no_compiled_module() -> None:
    done = _run(["-c", "import badugi, badugi.engine.replay as r; print(badugi.compiled_modules(), r.__file__)"],
                pure=True)
    assert done.returncode == 0, done.stderr
    listed, _, path = done.stdout.strip().partition(" ")
    assert listed == "[]" and path.endswith("replay.py")


def test_compiled_and_pure_give_the_same_results() -> None:
    files = sorted(str(p) for p in (ROOT / "sample_histories").iterdir())
    if REAL.exists():
        files += [str(REAL / "tour__LBad-USD-MTT8-201011.txt"), str(REAL / "cash__Badugi-USD-0.25-0.50-201009.txt")]
    compiled, pure = (_run(["-c", WORK, *files], pure=flag) for flag in (False, True))
    assert compiled.returncode == 0, compiled.stderr
    assert pure.returncode == 0, pure.stderr
    n_compiled, hands, digest = compiled.stdout.split()
    n_pure, pure_hands, pure_digest = pure.stdout.split()
    assert n_pure == "0" and int(hands) > 1000
    assert (hands, digest) == (pure_hands, pure_digest)
    if n_compiled == "0":
        pytest.skip("this install has no compiled module (no C compiler at install time): one path only")
    assert int(n_compiled) == len(badugi.COMPILED) - len(stale_modules())  # a stale one runs its .py file



def test_compiled_and_pure_give_the_same_all_in_equities() -> None:
    """The all-in EV's deals (``allin_deals``, ``allin_policy``): the same seeds give the same deals, so the
    same expected shares to the last bit, standard errors, methods and deal counts, both ways."""
    compiled, pure = (_run(["-c", EV_WORK], pure=flag) for flag in (False, True))
    assert compiled.returncode == 0, compiled.stderr
    assert pure.returncode == 0, pure.stderr
    n_compiled, deals_compiled, methods, digest = compiled.stdout.split()
    n_pure, _, pure_methods, pure_digest = pure.stdout.split()
    assert n_pure == "0" and methods == "exact+monte-carlo"
    assert (methods, digest) == (pure_methods, pure_digest)
    if n_compiled == "0":
        pytest.skip("this install has no compiled module (no C compiler at install time): one path only")
    # the compiled child's own word (this process may run pure: BADUGI_PURE_PYTHON=1)
    assert deals_compiled == "1" or stale_modules()


PICKLE_WORK = r"""
import pickle, sys
import badugi
from badugi.engine.record import Hand
from badugi.parsers.reader import read_file
hands = [h for h in read_file(sys.argv[1]) if isinstance(h, Hand)]
if sys.argv[2] == "dump":
    sys.stdout.buffer.write(pickle.dumps(hands))
else:
    back = pickle.loads(sys.stdin.buffer.read())
    print(len(badugi.compiled_modules()), len(back), back == hands, all(type(h) is Hand for h in back))
"""


def test_records_pickled_by_one_twin_load_in_the_other() -> None:
    """A pool or cluster worker may run the other twin: its records come back equal, as this one's types."""
    sample = str(ROOT / "sample_histories" / "pokerstars_fl_cash_6max.txt")
    for dumper, loader in ((False, True), (True, False)):
        dumped = subprocess.run([sys.executable, "-c", PICKLE_WORK, sample, "dump"], cwd=ROOT, capture_output=True,
                                env={**os.environ, "BADUGI_PURE_PYTHON": "1" if dumper else "0"}, timeout=120)
        assert dumped.returncode == 0, dumped.stderr.decode()
        loaded = subprocess.run([sys.executable, "-c", PICKLE_WORK, sample, "load"], cwd=ROOT, input=dumped.stdout,
                                capture_output=True, env={**os.environ, "BADUGI_PURE_PYTHON": "1" if loader else "0"},
                                timeout=120)
        assert loaded.returncode == 0, loaded.stderr.decode()
        n_compiled, hands, equal, types = loaded.stdout.decode().split()
        assert (n_compiled == "0") == loader and int(hands) > 5 and equal == types == "True"


SUBSET = ["tests/engine/test_replay_pokerstars.py", "tests/engine/test_evaluator.py", "tests/engine/test_table.py",
          "tests/engine/test_checks_any_order.py", "tests/engine/test_replay_worked.py",
          "tests/parsers/test_pokerstars.py", "tests/parsers/test_pokerstars_lines.py",
          "tests/parsers/test_decode_split.py", "tests/parsers/test_clock.py", "tests/analytics/test_rows.py",
          "tests/parsers/test_record_construction.py", "tests/parsers/test_pokerstars_plain_hand.py",
          "tests/parsers/test_lines_read_in_place.py", "tests/engine/test_record_no_gc.py"]
"""Tests of what ``COMPILED`` holds (the replay, the PokerStars reader, the splitter, the rows, the records), run
again on the pure path."""


def test_a_representative_subset_passes_on_the_pure_path() -> None:
    done = _run(["-m", "pytest", "-o", "addopts=", "-q", "-m", "not slow", "-p", "no:cacheprovider", *SUBSET],
                pure=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]


EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]


def _module_dir(tmp_path: Path, extension: bool) -> Path:
    """A package folder holding ``mod.py`` and, if asked, an extension file beside it (never imported)."""
    tmp_path.joinpath("mod.py").write_text("VALUE = 1\n")
    if extension:
        tmp_path.joinpath("mod" + EXTENSION).write_bytes(b"")
    return tmp_path / "mod.py"


def test_the_finder_uses_the_extension_only_while_it_matches_its_source(tmp_path: Path) -> None:
    """The staleness rule: an extension module runs only if the last build compiled it from these bytes."""
    source = _module_dir(tmp_path, extension=True)
    built = {"pkg.mod": source_hash(source)}
    assert load_source("pkg.mod", source, built, pure=False) == (False, False)  # fresh: the extension runs
    assert load_source("pkg.mod", source, built, pure=True) == (True, False)  # BADUGI_PURE_PYTHON=1
    assert load_source("pkg.mod", source, None, pure=False) == (True, True)  # compiled, no record: stale
    assert load_source("pkg.mod", source, {}, pure=False) == (True, False)  # not built by the last build
    source.write_text("VALUE = 2\n")  # a developer edits the .py file
    assert load_source("pkg.mod", source, built, pure=False) == (True, True)
    (tmp_path / "plain").mkdir()
    plain = _module_dir(tmp_path / "plain", extension=False)
    assert load_source("pkg.mod", plain, None, pure=False) == (False, False)  # nothing compiled: Python's way


EDITED = "badugi.engine.cards"


@pytest.mark.skipif(not badugi.compiled_modules(), reason="this install has no compiled module")
def test_an_edited_module_of_an_editable_install_runs_its_source_with_one_warning(tmp_path: Path) -> None:
    """A copy of this (compiled, editable-style) package: edit one compiled module's .py file and the edit
    takes effect, with one warning to rebuild; the other compiled modules still run compiled, and a child
    process (a pool worker) does not repeat the warning."""
    package = tmp_path / "badugi"
    shutil.copytree(Path(badugi.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    record = json.loads(package.joinpath(RECORD_NAME).read_text())["modules"]
    assert EDITED in record and not stale_modules(package)
    source = package.joinpath(*EDITED.split(".")[1:]).with_suffix(".py")
    source.write_text(source.read_text() + "\nEDITED_HERE = True\n")
    assert stale_modules(package) == [EDITED]
    code = (
        "import subprocess, sys, badugi, badugi.engine.cards as cards, badugi.engine.replay as replay\n"
        "assert badugi.__file__.startswith(sys.argv[1]), badugi.__file__\n"
        "print(cards.EDITED_HERE, cards.__file__.endswith('.py'), replay.__file__.endswith('.py'))\n"
        "child = subprocess.run([sys.executable, '-c', 'import badugi.engine.cards'], capture_output=True, text=True)\n"
        "print('child-stderr:', repr(child.stderr))\n"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith("BADUGI_")}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=tmp_path, env=env, text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "True True False"  # the edit runs; an untouched module stays compiled
    assert lines[1] == "child-stderr: ''"
    warned = [line for line in done.stderr.splitlines() if "StaleCompiledWarning" in line]
    assert len(warned) == 1 and EDITED in warned[0] and "pip install -e ." in warned[0]


def test_a_module_built_against_another_modules_types_follows_it(tmp_path: Path) -> None:
    """A ``.pxd`` that cimports another module builds that module's compiled types into this one: its
    extension runs only while the other's does (same sources, compiled by the same build)."""
    package = tmp_path / "pkg"
    package.mkdir()
    package.joinpath("compiled.py").write_text("")  # marks the package's top folder, as badugi/compiled.py does
    for name in ("mod", "dep"):
        package.joinpath(f"{name}.py").write_text(f"NAME = {name!r}\n")
        package.joinpath(name + EXTENSION).write_bytes(b"")
    package.joinpath("mod.pxd").write_text("from pkg.dep cimport Thing\n")
    source, dep = package / "mod.py", package / "dep.py"
    built = {"pkg.mod": source_hash(source), "pkg.dep": source_hash(dep)}
    assert load_source("pkg.mod", source, built, pure=False) == (False, False)
    assert load_source("pkg.mod", source, {"pkg.mod": built["pkg.mod"]}, pure=False) == (True, False)  # dep not built
    package.joinpath("mod.pxd").write_text("from pkg.dep cimport Thing, Other\n")  # the declarations edited
    assert load_source("pkg.mod", source, built, pure=False) == (True, True)
    built["pkg.mod"] = source_hash(source)
    dep.write_text("NAME = 'edited'\n")  # the cimported module edited: both are stale
    assert load_source("pkg.mod", source, built, pure=False) == (True, True)
    assert load_source("pkg.dep", dep, built, pure=False) == (True, True)


@pytest.mark.skipif(not badugi.compiled_modules(), reason="this install has no compiled module")
def test_editing_the_table_runs_every_module_built_against_it_from_source(tmp_path: Path) -> None:
    """``replay`` and ``facts`` are compiled against the table's compiled class (their ``.pxd`` files cimport
    it): with ``table.py`` edited, they run their ``.py`` files too, and a hand still replays."""
    package = tmp_path / "badugi"
    shutil.copytree(Path(badugi.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    table = package / "engine" / "table.py"
    table.write_text(table.read_text() + "\nEDITED_HERE = True\n")
    stale = stale_modules(package)
    assert {"badugi.engine.table", "badugi.engine.replay", "badugi.engine.facts"} <= set(stale)
    assert "badugi.engine.cards" not in stale and "badugi.engine.evaluator" not in stale
    code = (
        "import sys, badugi, badugi.engine.replay as replay, badugi.engine.table as table\n"
        "from badugi.parsers.reader import read_file\n"
        "assert badugi.__file__.startswith(sys.argv[1]), badugi.__file__\n"
        "hands = [h for h in read_file(sys.argv[2]) if hasattr(h, 'events')]\n"
        "print(table.EDITED_HERE, replay.__file__.endswith('.py'), len([replay.replay(h) for h in hands]) > 0)\n"
    )
    sample = ROOT / "sample_histories" / "fulltilt_fl_cash_6max.txt"
    env = {key: value for key, value in os.environ.items() if not key.startswith("BADUGI_")}
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code, str(tmp_path), str(sample)], cwd=tmp_path,
                          env=env, text=True, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True"]


@pytest.mark.skipif(not badugi.compiled_modules(), reason="this install has no compiled module")
def test_every_compiled_module_imports_first() -> None:
    """A compiled module imports the modules whose types it was built against when it loads (the pure
    module only names them for type checkers): no import order may close a cycle, so each module is
    imported first in its own process."""
    code = "import importlib, sys; importlib.import_module(sys.argv[1])"
    for name in badugi.COMPILED:
        done = _run(["-c", code, name], pure=False, timeout=120)
        assert done.returncode == 0, (name, done.stderr[-2000:])


def test_a_cimported_module_of_c_declarations_only_needs_no_build(tmp_path: Path) -> None:
    """A cimported module not in ``COMPILED`` and with no extension module only declares C code compiled into
    the module that cimports it (``analytics/descriptor_api.pxd``): that module runs compiled, and is stale
    when the declarations change."""
    package = tmp_path / "pkg"
    package.mkdir()
    package.joinpath("compiled.py").write_text("")
    package.joinpath("mod.py").write_text("NAME = 'mod'\n")
    package.joinpath("mod" + EXTENSION).write_bytes(b"")
    package.joinpath("mod.pxd").write_text("cimport pkg.api as _api\n")
    package.joinpath("api.py").write_text("def get(x): return x\n")
    package.joinpath("api.pxd").write_text("cdef extern from *:\n    object get(object)\n")
    source = package / "mod.py"
    built = {"pkg.mod": source_hash(source)}
    assert load_source("pkg.mod", source, built, pure=False) == (False, False)
    package.joinpath("api.pxd").write_text("cdef extern from *:\n    object get(object, object)\n")
    assert load_source("pkg.mod", source, built, pure=False) == (True, True)

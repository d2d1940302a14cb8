"""``badugi export --format phh``: one .phhs per input file with Badugi hands; counts on stderr; exit codes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from badugi.cli.main import app
from badugi.engine.record import Hand
from badugi.parsers.phh import read_phh_file
from conftest import real_file

runner = CliRunner()


def test_export_real_merge_files(tmp_path: Path) -> None:
    folder = real_file("merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt").parent
    result = runner.invoke(app, ["export", "--format", "phh", str(folder), "--out", str(tmp_path / "out")])
    # every game is exported; the hand cut out without its <description> is unreadable: exit 1
    assert result.exit_code == 1, result.output
    lines = sorted(result.stdout.splitlines())
    assert lines == [f"{tmp_path / 'out' / name}\t{count}" for name, count in (
        ("cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.phhs", 15),
        ("cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.phhs", 1),
        ("cash__3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.phhs", 1),
        ("cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.phhs", 1),
        ("cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.phhs", 1), ("cash__Badugi-PL-USD-0.05-0.10-201101.Sample.phhs", 1))]
    assert "Sample.with.showdown.txt: 0 written, 0 skipped (other games), 1 unreadable" in result.stderr
    assert "31691047-143: hand 31691047-143: fewer than two players in the hand" in result.stderr  # the cancelled hand
    hands = [r for p in sorted((tmp_path / "out").iterdir()) for r in read_phh_file(p)]
    assert [h.hand_id for h in hands if isinstance(h, Hand) and h.game == "badugi"] == ["33227759-34", "31274465-32"]


def test_unreadable_hand_gives_exit_1_and_the_rest_is_written(tmp_path: Path) -> None:
    good = real_file("merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt").read_text()
    source = tmp_path / "two.xml"
    source.write_text(good + good.replace('amount="0.97"', 'amount="lots"'))
    result = runner.invoke(app, ["export", "--format", "phh", str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stdout.strip() == f"{tmp_path / 'out' / 'two.phhs'}\t1"
    assert "1 written, 0 skipped (other games), 1 unreadable" in result.stderr


def test_missing_paths_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "--format", "phh", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "error:" in result.stderr
    result = runner.invoke(app, ["export", "--format", "phh", str(tmp_path / "nope.txt"), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "error:" in result.stderr

"""The install the README shows is the one CI runs: the same test command, with constraints.txt, whose
pins lie inside pyproject.toml's ranges (so an install without the file gets compatible versions)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)```", readme, flags=re.S)
    return [blocks[0].strip(), blocks[1].strip()]  # install and try; install and test


def pins() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin"
            out[canonicalize_name(name)] = version
    return out


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_commands()[1] in ci


def test_readme_installs_with_the_constraints() -> None:
    for command in readme_commands():
        assert "pip install -q -c constraints.txt -e " in command, command


def test_constraints_pin_every_dependency_inside_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = pins()
    for spec in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        requirement = Requirement(spec)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"constraints.txt does not pin {name}"
        assert requirement.specifier.contains(pinned[name]), f"{name}=={pinned[name]} is outside {spec!r}"

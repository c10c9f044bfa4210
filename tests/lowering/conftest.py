import json
import shutil
from pathlib import Path

import pytest

from shardlint.server.cli import main

PROJECTS = Path(__file__).parent / "projects"


@pytest.fixture
def project(tmp_path):
    """Copy a fixture project into a fresh folder: project("gpu") -> its path."""

    def make(name: str) -> Path:
        dest = tmp_path / name
        shutil.copytree(PROJECTS / name, dest)
        return dest

    return make


def line_of(path: Path, text: str) -> int:
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if text in line:
            return i
    raise AssertionError(f"{text!r} not in {path}")


def set_targets(root: Path, targets: list[tuple[str, str]], **lowering) -> None:
    """Rewrite the project's [tool.shardlint.lowering] with these keys and targets."""
    lines = ["[tool.shardlint.lowering]"]
    lines += [f"{k.replace('_', '-')} = {json.dumps(v)}" for k, v in lowering.items()]
    for fn, args in targets:
        lines += ["", "[[tool.shardlint.lowering.targets]]", f'function = "{fn}"']
        if args:
            lines.append(f'args = "{args}"')
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n")


@pytest.fixture
def lower(capsys, monkeypatch):
    """Run `shardlint lower` in-process: (exit code, parsed JSON diagnostics, stderr)."""

    def run(root: Path, *extra: str, fmt: str = "json"):
        monkeypatch.chdir(root)
        code = main(["lower", ".", "--format", fmt, *extra])
        out, err = capsys.readouterr()
        return code, (json.loads(out) if fmt == "json" else out), err

    return run

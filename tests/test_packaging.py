"""Packaging: a wheel built from the repository, and an editable install, each in a fresh venv,
expose `shardlint.analysis` / `shardlint.server` (every module of `analysis/` and `server/`),
the `shardlint` console script and `python -m shardlint.server`, and never the bare names
`analysis` / `server`. The fresh venvs get the dependencies from the running environment through
a path entry (its own `.pth` hooks, such as an editable shardlint, stay inactive)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = {"analysis": "shardlint/analysis", "server": "shardlint/server"}

pytestmark = pytest.mark.slow


def source_modules() -> list[str]:
    """Dotted names of every module under analysis/ and server/ (as installed)."""
    out = []
    for folder, installed in PACKAGES.items():
        for p in sorted((REPO / folder).rglob("*.py")):
            rel = p.relative_to(REPO / folder).with_suffix("")
            parts = [*installed.split("/"), *rel.parts]
            if parts[-1] == "__init__":
                parts.pop()
            if parts[-1] == "__main__":
                continue
            out.append(".".join(parts))
    return out


def copy_source(dest: Path) -> Path:
    """The files a build reads, copied so that the build writes nothing into the repository (as
    the extension's bundle script copies them)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bundle", REPO / "vscode-client" / "scripts" / "bundle.py")
    bundle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bundle)
    return bundle.copy_source(dest)


def build_flags() -> list[str]:
    """`--no-build-isolation` where this environment can build a wheel itself (setuptools 70.1
    has bdist_wheel built in; older needs the `wheel` package); else pip's isolated build."""
    import importlib.util

    import setuptools

    version = tuple(int(x) for x in setuptools.__version__.split(".")[:2])
    if version >= (70, 1) or importlib.util.find_spec("wheel") is not None:
        return ["--no-build-isolation"]
    return []


def pip(*args: str, cwd: Path) -> None:
    p = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                       cwd=cwd, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr


def fresh_venv(path: Path) -> Path:
    venv.EnvBuilder(with_pip=False).create(path)
    py = path / "bin" / "python"
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "zz_outer_deps.pth").write_text("".join(d + "\n" for d in sorted(deps)))
    return py


def run_in(py: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(py), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


IMPORT_CHECK = """
import importlib, json, sys
names = json.loads(sys.argv[1])
for n in names:
    importlib.import_module(n)
bare = []
for n in ("analysis", "server"):
    try:
        importlib.import_module(n)
        bare.append(n)
    except ModuleNotFoundError:
        pass
import shardlint.analysis, shardlint.server
print(json.dumps({"bare": bare, "analysis": shardlint.analysis.__file__, "server": shardlint.server.__file__}))
"""

PROJECT_BAD = 'import jax\n\n\ndef f(v):\n    return jax.lax.psend(v, "x", [(0, 1)])\n\n\njax.jit(f)(1.0)\n'


def check_install(py: Path, work: Path, expect_under: Path) -> None:
    import json

    neutral = work / "neutral"
    neutral.mkdir()
    p = run_in(py, "-c", IMPORT_CHECK, json.dumps(source_modules()), cwd=neutral)
    assert p.returncode == 0, p.stderr
    info = json.loads(p.stdout)
    assert info["bare"] == [], f"bare import names exist: {info['bare']}"
    for key in ("analysis", "server"):
        assert Path(info[key]).resolve().is_relative_to(expect_under.resolve()), info[key]

    script = py.parent / "shardlint"
    assert script.is_file()
    rules = subprocess.run([str(script), "rules"], cwd=neutral, capture_output=True, text=True, timeout=60)
    assert rules.returncode == 0, rules.stderr
    assert "SHL001" in rules.stdout and "precv-outside-shard-map" in rules.stdout
    helped = run_in(py, "-m", "shardlint.server", "--help", cwd=neutral)
    assert helped.returncode == 0, helped.stderr
    assert "--tcp" in helped.stdout
    (neutral / "bad.py").write_text(PROJECT_BAD)
    checked = subprocess.run([str(script), "check", "--no-cache", "bad.py"], cwd=neutral,
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "bad.py:5:12: SHL002" in checked.stdout


def test_wheel_install(tmp_path):
    src = copy_source(tmp_path / "src")
    dist = tmp_path / "dist"
    pip("wheel", "--no-deps", *build_flags(), "--no-cache-dir", "-w", str(dist), str(src), cwd=tmp_path)
    (wheel,) = dist.glob("shardlint-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for mod in source_modules():
        path = mod.replace(".", "/")
        assert f"{path}.py" in names or f"{path}/__init__.py" in names, f"{mod} missing from the wheel"
    assert "shardlint/server/__main__.py" in names
    assert not any(n.startswith(("analysis/", "server/", "tests/")) for n in names)
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "shardlint = shardlint.server.cli:run" in zipfile.ZipFile(wheel).read(entry).decode()

    py = fresh_venv(tmp_path / "venv")
    pip("--python", str(py), "install", "--no-deps", "--no-index", str(wheel), cwd=tmp_path)
    purelib = run_in(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path)
    check_install(py, tmp_path, Path(purelib.stdout.strip()))


def test_editable_install(tmp_path):
    src = copy_source(tmp_path / "src")
    py = fresh_venv(tmp_path / "venv")
    pip("--python", str(py), "install", "--no-deps", *build_flags(), "-e", str(src), cwd=tmp_path)
    check_install(py, tmp_path, src)
    # An edit to the source shows up without reinstalling.
    (src / "analysis" / "edit_probe.py").write_text("VALUE = 42\n")
    p = run_in(py, "-c", "from shardlint.analysis.edit_probe import VALUE; print(VALUE)", cwd=tmp_path)
    assert p.stdout.strip() == "42", p.stderr

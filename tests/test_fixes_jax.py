"""Fixes judged by JAX. Every fixture of the JAX-truth corpus (tests/fixtures) is copied to a
temporary folder and fixed with `shardlint check --fix --unsafe-fixes`; then

- a fixture JAX rejected must now lower (real JAX, 4 fake CPU devices, cross-platform lowering),
  except the kinds of program listed in CANNOT_FIX, which must still fail (so that the list
  shrinks when the fixes learn them);
- a fixture JAX lowers must be left byte-for-byte unchanged.

The fix rate over the rejected fixtures is printed at the end and must be at least 90 %."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from jaxtruth.run import Fixture, discover, interpreter, run, run_all  # noqa: E402

pytestmark = pytest.mark.jax

FIXTURES = [f for f in discover() if interpreter(f.jax_version()) is not None]
TARGET_RATE = 0.90

# fixture id -> why no fix makes it lower (each still fails after --fix --unsafe-fixes).
CANNOT_FIX: dict[str, str] = {}

_RESULTS: dict[str, bool] = {}  # id of a rejected fixture -> lowers after the fix


@pytest.fixture(scope="module")
def outcomes(request):
    pytest.importorskip("jax")
    yield run_all(FIXTURES)
    if _RESULTS:
        fixed = sum(_RESULTS.values())
        line = (f"fixes judged by JAX: {fixed}/{len(_RESULTS)} rejected fixtures lower after "
                f"--fix --unsafe-fixes ({fixed / len(_RESULTS):.1%}); still failing: "
                f"{sorted(k for k, v in _RESULTS.items() if not v)}")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("-", line)


def _toml_value(v: str) -> str:
    return v if v.startswith(("[", '"')) or v in ("true", "false") or v.isdigit() else f'"{v}"'


def fixed_copy(fx: Fixture, tmp: Path) -> tuple[Fixture, subprocess.CompletedProcess]:
    """A copy of the fixture in `tmp`, fixed by the CLI with the fixture's configuration."""
    if fx.path.is_dir():
        target = tmp / fx.path.name
        shutil.copytree(fx.path, target, ignore=shutil.ignore_patterns("__pycache__"))
        work = target
    else:
        target = tmp / fx.path.name
        shutil.copy2(fx.path, target)
        work = tmp
    table = dict(fx.config_table())
    if fx.jax_version() and "jax-version" not in table:
        table["jax-version"] = fx.jax_version()
    lines = ["[tool.shardlint]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    (work / "pyproject.toml").write_text("\n".join(lines) + "\n")
    proc = subprocess.run([sys.executable, "-m", "shardlint.server.cli", "check", "--fix", "--unsafe-fixes",
                           "--no-cache", "."], cwd=work, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return Fixture(target), proc


def _snapshot(fx: Fixture) -> dict[str, bytes]:
    return {p.relative_to(fx.root).as_posix(): p.read_bytes() for p in fx.files()}


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.id for f in FIXTURES])
def test_fix_judged_by_jax(fx, outcomes, tmp_path):
    before = outcomes[fx.id]
    fixed, proc = fixed_copy(fx, tmp_path)
    if before.ok:
        assert _snapshot(fixed) == {k: v for k, v in _snapshot(Fixture(fx.path)).items()}, (
            f"JAX lowers {fx.id}, yet --fix changed it:\n{proc.stdout}")
        return
    after = run(fixed)
    _RESULTS[fx.id] = after.ok
    if fx.id in CANNOT_FIX:
        assert not after.ok, f"{fx.id} lowers after the fix now: drop it from CANNOT_FIX"
        return
    assert after.ok, (f"JAX rejected {fx.id} ({before.type}: {before.message}); after the fix: "
                      f"{after.type}: {after.message} at {after.blamed}\n{proc.stdout}\n"
                      + "".join((fixed.root / f).read_text() for f in _snapshot(fixed)))


def test_fix_rate(outcomes, tmp_path):
    rejected = [f for f in FIXTURES if not outcomes[f.id].ok]
    assert rejected, "the corpus has no fixture JAX rejects"
    assert len(CANNOT_FIX) <= (1 - TARGET_RATE) * len(rejected), (
        f"{len(CANNOT_FIX)} of {len(rejected)} rejected fixtures cannot be fixed")

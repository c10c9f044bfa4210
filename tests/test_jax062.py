"""The JAX 0.6.2 behaviours the rules claim, measured on a real JAX 0.6.2 interpreter:
pmap + communicating kernel (LOGICAL ids) → "Replica lowering for Mosaic kernels not
implemented.", MESH ids + axis_index → "Cannot use communication in pallas_call without
shard_map.", and no `jax.lax.psend`. A fixture JAX 0.6.2 judged before is read from its label
(tests/jaxtruth/labels); a new or changed one runs on /work/venv062 when present, else on a venv
with `jax[cpu]==0.6.2` built in the user cache (skips only when pip cannot install it)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shardlint.analysis.diagnostics import Severity  # noqa: E402

from jaxtruth.run import VENVS, discover, label_path, run  # noqa: E402
from jaxtruth.verdict import engine_diagnostics  # noqa: E402

pytestmark = [pytest.mark.jax, pytest.mark.slow]

VERSION = "0.6.2"
FIXTURES = [f for f in discover() if f.jax_version() == VERSION]

# fixture id -> (exception type, first message line) that JAX 0.6.2 must raise; None: it lowers.
EXPECTED = {
    "versions/pmap_logical_kernel_jax062.py":
        ("NotImplementedError", "Replica lowering for Mosaic kernels not implemented."),
    "versions/pmap_mesh_kernel_jax062.py":
        ("ValueError", "Cannot use communication in pallas_call without shard_map."),
    "versions/psend_jax062.py": ("AttributeError", "module 'jax.lax' has no attribute 'psend'"),
    "versions/linen_logical_constraint_legacy_mesh_axis_missing_jax062.py":
        ("ValueError", "Resource axis: fsdp of PartitionSpec(('data', 'fsdp'), None) is not found in mesh: "
                       "('data', 'tensor')."),
    "versions/psum_auto_axis_checked_jax062.py":
        ("ValueError", "Axes mentioned in `vma` field of ShapedArray should be of type `Manual`. Got axis: model "
                       "of type AxisType.Auto"),
}


def _cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "shardlint-tests" / f"venv-jax{VERSION}"


@pytest.fixture(scope="module")
def python062() -> Path:
    exe = VENVS[VERSION] / "bin" / "python"
    if exe.is_file():
        return exe
    venv = _cache_dir()
    exe = venv / "bin" / "python"
    probe = [str(exe), "-c", f"import jax; assert jax.__version__ == '{VERSION}'"]
    if exe.is_file() and subprocess.run(probe, capture_output=True).returncode == 0:
        return exe
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = subprocess.run([str(exe), "-m", "pip", "install", "-q", f"jax[cpu]=={VERSION}"],
                         capture_output=True, text=True, timeout=1200)
    if pip.returncode != 0:
        pytest.skip(f"pip could not install jax[cpu]=={VERSION}: {pip.stderr.strip()[-500:]}")
    return exe


def test_the_claimed_behaviours_have_fixtures():
    assert set(EXPECTED) <= {f.id for f in FIXTURES}


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.id for f in FIXTURES])
def test_jax062_behaviour_and_engine_verdict(fx, request):
    # A fixture JAX 0.6.2 has judged before keeps its label; a new or changed one is run again.
    python = None if label_path(fx).is_file() else request.getfixturevalue("python062")
    o = run(fx, python=python)
    if fx.id in EXPECTED:
        assert (o.type, o.message) == EXPECTED[fx.id]
    errors = {(f, line) for f, line, _, sev in engine_diagnostics(fx) if sev == Severity.ERROR}
    if o.ok:
        assert not errors, f"JAX {VERSION} lowers this fixture; the engine reports errors at {sorted(errors)}"
    else:
        assert o.blamed is not None and tuple(o.blamed) in errors, (
            f"JAX {VERSION} raises {o.type}: {o.message} at {o.blamed}; engine errors at {sorted(errors)}")

"""Safe rewrites for errors whose repair is certain, through the real engine and the CLI, judged
by real JAX: the fixed program lowers."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# Two programs are the fix cases for SHL108 and SHL012 (tests/fixes): there the edit is checked,
# here that JAX lowers the result.
CASES = Path(__file__).resolve().parent / "fixes"
VMA = (CASES / "check_vma" / "main.py").read_text()
NESTED = (CASES / "context_mesh" / "main.py").read_text()

EXPLICIT = """\
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))


def total(v):
    return jax.lax.psum(v, "x")


if __name__ == "__main__":
    f = jax.shard_map(total, mesh=mesh, in_specs=P("x"), out_specs=P())
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
"""

BARRIER = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("x",))


def kernel(x_ref, o_ref):
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, 1, device_id=(jax.lax.axis_index("x"),))
    pl.semaphore_wait(barrier, 1)
    o_ref[...] = x_ref[...]


def step(x):
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
    f = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)
    jax.jit(f).trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
"""

SET_MESH = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("x",))


@jax.jit
def step(x):
    with jax.set_mesh(mesh):
        return jax.shard_map(lambda v: jax.lax.psum(v, "x"), in_specs=P("x"), out_specs=P())(x)


if __name__ == "__main__":
    step.trace(jax.ShapeDtypeStruct((8, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
"""

# Two rounds: the one-entry device id becomes a full one, with the device's own index along "dp",
# which shows the kernel under a partially manual shard_map (SHL004), whose axes the second round
# makes all manual.
PARTIAL_DMA = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))


def swap_kernel(x_ref, o_ref, s, r):
    other = 1 - lax.axis_index("tp")
    c = pltpu.make_async_remote_copy(x_ref, o_ref, s, r, device_id=(other,), device_id_type=pltpu.DeviceIdType.MESH)
    c.start()
    c.wait()


def swap(x):
    return pl.pallas_call(swap_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          out_specs=pl.BlockSpec(memory_space=pl.ANY),
                          scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA])(x)


if __name__ == "__main__":
    f = jax.shard_map(swap, mesh=mesh, in_specs=P("tp"), out_specs=P("tp"), axis_names={"tp"}, check_vma=False)
    jax.jit(f).trace(jax.ShapeDtypeStruct((16, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
"""

ENV = {**os.environ, "JAX_PLATFORMS": "cpu", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}


def _run(path):
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=ENV, timeout=300)


@pytest.mark.jax
@pytest.mark.parametrize("source,code,changed", [
    (VMA, "SHL108", 'out_specs=P("data", None), check_vma=False  # one block per device'),
    (NESTED, "SHL012", "jax.shard_map(inner, in_specs="),
    (EXPLICIT, "SHL011", 'jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))'),
    (BARRIER, "SHL107", "compiler_params=pltpu.CompilerParams(collective_id=0))(x)"),
    (SET_MESH, "SHL010", "with jax.sharding.use_abstract_mesh(mesh.abstract_mesh):"),
])
def test_safe_fix_makes_the_program_lower(tmp_path, source, code, changed):
    path = tmp_path / "prog.py"
    path.write_text(textwrap.dedent(source))
    before = _run(path)
    assert before.returncode != 0, "the program must fail before the fix"
    check = [sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", str(path)]
    out = subprocess.run(check + ["--format", "json"], capture_output=True, text=True)
    assert f'"code": "{code}"' in out.stdout
    subprocess.run(check + ["--fix"], capture_output=True, text=True, check=False)
    fixed = path.read_text()
    assert changed in fixed and fixed != source
    after = _run(path)
    assert after.returncode == 0, after.stderr[-2000:]
    assert subprocess.run(check, capture_output=True, text=True).returncode == 0


@pytest.mark.jax
def test_unsafe_fixes_over_rounds(tmp_path):
    """A fix may trade one error for another that the next round fixes: --fix keeps going and
    keeps the round with the fewest problems left. Here the full device id takes the index along
    'dp', an automatic axis (SHL005) in a partially manual shard_map (SHL004): one edit fixes both."""
    path = tmp_path / "prog.py"
    path.write_text(PARTIAL_DMA)
    assert _run(path).returncode != 0
    check = [sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", str(path)]
    out = subprocess.run(check + ["--fix", "--unsafe-fixes"], capture_output=True, text=True)
    assert "Fixed 3 problems" in out.stdout, out.stdout
    fixed = path.read_text()
    assert 'device_id=(lax.axis_index("dp"), other)' in fixed and "axis_names" not in fixed
    after = _run(path)
    assert after.returncode == 0, after.stderr[-2000:]


ENV_AXIS = """\
import os

import jax
import jax.numpy as jnp

DP_AXIS = os.environ.get("DP_AXIS", "data")


def all_mean(x, axis=DP_AXIS):
    return jax.lax.pmean(x, axis)


if __name__ == "__main__":
    jax.jit(all_mean).trace(jax.ShapeDtypeStruct((8,), jnp.float32)).lower(lowering_platforms=("cuda",))
"""


@pytest.mark.jax
def test_wrap_takes_the_axis_an_environment_setting_defaults_to(tmp_path):
    """An axis read from the environment is unknown to the rules, but its default is what the
    program runs with unless told otherwise: the wrap's mesh has that axis."""
    path = tmp_path / "prog.py"
    path.write_text(ENV_AXIS)
    assert _run(path).returncode != 0
    check = [sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", str(path)]
    subprocess.run(check + ["--fix", "--unsafe-fixes"], capture_output=True, text=True)
    assert '("data",)' in path.read_text()
    after = _run(path)
    assert after.returncode == 0, after.stderr[-2000:]

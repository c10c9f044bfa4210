"""Entry points of the static analysis: module top level, `__main__` blocks, test functions,
configured lowering targets, the `run` + `ARGS` convention — and silence for code nobody reaches."""

import textwrap
from pathlib import Path

from shardlint.analysis.check import check
from shardlint.analysis.config import load

EXCHANGE = """\
import jax
import jax.numpy as jnp
from jax import lax


def exchange(x):
    tok = lax.psend(x, "x", [(0, 1)])
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", [(0, 1)])
"""


def _run(tmp_path: Path, files: dict) -> list:
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    res = check([tmp_path], load(tmp_path), use_cache=False)
    return sorted((Path(d.path).name, d.line, d.code) for d in res.diagnostics)


def test_unreached_library_code_is_silent(tmp_path):
    assert _run(tmp_path, {"lib.py": EXCHANGE}) == []


def test_run_with_args_is_lowered_by_convention(tmp_path):
    src = EXCHANGE + "\n\ndef run(x):\n    return exchange(x)\n\n\nARGS = (jax.ShapeDtypeStruct((8,), jnp.float32),)\n"
    assert _run(tmp_path, {"case.py": src}) == [("case.py", 7, "SHL002"), ("case.py", 8, "SHL001")]


def test_run_without_args_is_not_an_entry_point(tmp_path):
    src = EXCHANGE + "\n\ndef run(x):\n    return exchange(x)\n"
    assert _run(tmp_path, {"case.py": src}) == []


def test_callable_example_args_and_configured_target(tmp_path):
    src = EXCHANGE + "\n\ndef step(x):\n    return exchange(x)\n\n\ndef make_args():\n    return (jnp.ones(8),)\n"
    pyproject = """\
        [tool.shardlint.lowering]
        backend = "gpu"
        [[tool.shardlint.lowering.targets]]
        function = "model:step"
        args = "model:make_args"
        """
    assert _run(tmp_path, {"model.py": src, "pyproject.toml": pyproject}) == [
        ("model.py", 7, "SHL002"), ("model.py", 8, "SHL001")]


def test_test_functions_are_entry_points(tmp_path):
    test = """\
        import jax
        import jax.numpy as jnp
        from lib import exchange

        def test_exchange():
            jax.jit(exchange)(jnp.ones(8))

        class TestPipeline:
            def test_eager(self):
                exchange(jnp.ones(8))
        """
    assert _run(tmp_path, {"lib.py": EXCHANGE, "test_lib.py": test}) == [
        ("lib.py", 7, "SHL002"), ("lib.py", 8, "SHL001")]


def test_main_block_under_shard_map_is_clean(tmp_path):
    main = """\
        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh, PartitionSpec as P
        from lib import exchange

        if __name__ == "__main__":
            mesh = Mesh(np.array(jax.devices()[:2]), ("x",))
            jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P("x"), out_specs=P("x")))(jnp.ones(8))
        """
    assert _run(tmp_path, {"lib.py": EXCHANGE, "main.py": main}) == []


_SHIPPED_ALL_GATHER = """\
import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.tpu.all_gather import all_gather
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(jax.devices()[:4], ({axes}))
x = jax.device_put(jnp.ones((512, 128)), NamedSharding(mesh, P("x")))
all_gather.trace(x, mesh=mesh, axis_name="{axis}").lower(lowering_platforms=("tpu",))
"""


def test_two_programs_reaching_one_library_line_are_judged_apart(tmp_path):
    """Three scripts call JAX's shipped Pallas all-gather, two of them over an axis their mesh
    lacks (a KeyError in the op's code): each of those is reported at its own call."""
    got = _run(tmp_path, {"a.py": _SHIPPED_ALL_GATHER.format(axes='"x",', axis="devices"),
                          "b.py": _SHIPPED_ALL_GATHER.format(axes='"x",', axis="devices"),
                          "c.py": _SHIPPED_ALL_GATHER.format(axes='"x",', axis="x")})
    assert got == [("a.py", 8, "SHL014"), ("b.py", 8, "SHL014")]

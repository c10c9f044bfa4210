"""Fixes for shard_map specs and axes, through the real engine and the CLI, each judged by real
JAX: the program fails as written (JAX's own error), `shardlint check --fix --unsafe-fixes`
makes the edit the analysis finds most likely, and the fixed program lowers.

SHL015: in_specs rebuilt to fit the arguments, or naming the mesh axis a logical one stands for;
SHL016: an output the out_specs claim replicated reduced (pmean, psum) or sharded, a dict's
entry by entry; SHL005/SHL006: the axis named where its literal is written (the bound axis of
the same kind of parallelism where no spelling is close), or by the pmap/vmap that names none."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from shardlint.analysis.fixfacts import FixFact, InSpecs, OutSpecsVarying, SiteRef, SpecAxis, SpecsRepair

pytestmark = pytest.mark.jax

ENV = {**os.environ, "JAX_PLATFORMS": "cpu", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}

HEAD = """\
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("d",))
"""


def _run(path):
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=ENV, timeout=300)


def fix(tmp_path, body: str, code: str, jax_error: str) -> str:
    """The program's text after the fix; asserts that JAX rejects it before (with `jax_error`),
    that the engine reports `code`, and that the fixed program lowers."""
    path = tmp_path / "prog.py"
    source = HEAD + textwrap.dedent(body)
    path.write_text(source)
    before = _run(path)
    assert before.returncode != 0 and jax_error in before.stderr, before.stderr[-2000:]
    check = [sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", str(path)]
    out = subprocess.run(check + ["--format", "json"], capture_output=True, text=True)
    assert code in {d["code"] for d in json.loads(out.stdout)}, out.stdout
    subprocess.run(check + ["--fix", "--unsafe-fixes"], capture_output=True, text=True)
    fixed = path.read_text()
    assert fixed != source
    after = _run(path)
    assert after.returncode == 0, fixed + after.stderr[-2000:]
    return fixed


STRUCTURE = "pytree structure error"
REPLICATION = "out_specs which require replication"


def test_missing_spec_of_a_batch_array_copies_the_batch_spec(tmp_path):
    fixed = fix(tmp_path, """
        def loss(w, x, y):
            return jax.lax.pmean(jnp.mean((x @ w - y) ** 2), "d")

        w, x, y = jnp.ones((8,)), jnp.ones((16, 8)), jnp.zeros((16,))
        f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P("d")), out_specs=P()))
        f.trace(w, x, y).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P(), P("d"), P("d"))' in fixed


def test_missing_spec_goes_where_a_scalar_cannot_take_the_others(tmp_path):
    fixed = fix(tmp_path, """
        def step(x, training, noise):
            return jnp.where(training, x + noise[:, None], x)

        f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P("d"), P("d")), out_specs=P("d")))
        f.trace(jnp.ones((16, 4)), True, jnp.ones((16,))).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P("d"), P(), P("d"))' in fixed


def test_missing_spec_goes_to_the_optimizer_state_not_the_batch(tmp_path):
    # the state optax's adam builds holds a scalar count (no batch spec fits it), which the
    # analysis does not model: a value of which nothing is known does not take an axis where
    # an array can
    fixed = fix(tmp_path, """
        import optax

        opt = optax.adam(1e-3)

        def step(w, opt_state, x, y):
            grads = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
            updates, opt_state = opt.update(jax.lax.pmean(grads, "d"), opt_state)
            return optax.apply_updates(w, updates), opt_state

        w = jnp.ones((8,))
        f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P("d"), P("d")), out_specs=(P(), P())))
        f.trace(w, opt.init(w), jnp.ones((16, 8)), jnp.zeros((16,))).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P(), P(), P("d"), P("d"))' in fixed


def test_a_spec_too_many_is_dropped(tmp_path):
    fixed = fix(tmp_path, """
        def predict(w, x):
            return x @ w

        f = jax.jit(jax.shard_map(predict, mesh=mesh, in_specs=(P(), P("d"), P("d")), out_specs=P("d")))
        f.trace(jnp.ones((8, 2)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P(), P("d"))' in fixed


def test_flat_out_specs_of_a_nested_output_are_grouped(tmp_path):
    # value_and_grad(has_aux=True) returns ((loss, aux), grads), not (loss, aux, grads)
    fixed = fix(tmp_path, """
        def loss_fn(w, x):
            y = x @ w
            return jnp.mean(y ** 2), {"norm": jnp.linalg.norm(y)}

        step = jax.shard_map(jax.value_and_grad(loss_fn, has_aux=True), mesh=mesh, in_specs=(P(), P()),
                             out_specs=(P(), P(), P()))
        jax.jit(step).trace(jnp.ones((16, 4)), jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
    """, "SHL020", STRUCTURE)
    assert "out_specs=((P(), P()), P())" in fixed


def test_the_spec_too_many_is_not_the_one_that_splits_the_placed_batch(tmp_path):
    # a spec left for an argument the function no longer takes: the batch, placed over 'd' on an
    # Explicit mesh, keeps P("d")
    fixed = fix(tmp_path, """
        from jax.sharding import NamedSharding
        emesh = jax.make_mesh((4,), ("d",), axis_types=(jax.sharding.AxisType.Explicit,))
        def step(w, batch):
            return jax.lax.pmean(jnp.mean(batch["x"] @ w), "d")
        f = jax.jit(jax.shard_map(step, mesh=emesh, in_specs=(P(), P(), P("d")), out_specs=P()))
        sh = NamedSharding(emesh, P("d"))
        f.trace(jnp.ones((8, 4)), {"x": jax.device_put(jnp.ones((16, 8)), sh)}).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P(), P("d"))' in fixed


def test_dict_specs_take_the_arguments_keys(tmp_path):
    fixed = fix(tmp_path, """
        def predict(params, x):
            return x @ params["w"] + params["b"]

        params = {"w": jnp.ones((8, 2)), "b": jnp.zeros((2,))}
        specs = ({"w": P(), "scale": P()}, P("d"))
        f = jax.jit(jax.shard_map(predict, mesh=mesh, in_specs=specs, out_specs=P("d")))
        f.trace(params, jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'specs = ({"w": P(), "b": P()}, P("d"))' in fixed


def test_a_module_is_replicated_rather_than_sharded(tmp_path):
    fixed = fix(tmp_path, """
        from flax import nnx

        model = nnx.Linear(64, 8, rngs=nnx.Rngs(0))

        @nnx.jit
        def predict(model, x):
            return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P("d"),), out_specs=P("d"))(model, x)

        predict.trace(model, jnp.ones((16, 64))).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert 'in_specs=(P(), P("d"))' in fixed


def test_a_modules_missing_spec_goes_before_the_batchs_dict_of_specs(tmp_path):
    # the batch's dict of specs fits the batch, not the optimizer added before it
    fixed = fix(tmp_path, """
        import optax
        from flax import nnx

        model = nnx.Linear(64, 8, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

        def per_device(model, optimizer, batch):
            grads = nnx.grad(lambda m: jnp.mean((m(batch["x"]) - batch["y"]) ** 2))(model)
            optimizer.update(model, jax.lax.pmean(grads, "d"))

        batch_spec = {"x": P("d"), "y": P("d")}
        step = nnx.jit(nnx.shard_map(per_device, mesh=mesh, in_specs=(P(), batch_spec), out_specs=None))
        batch = {"x": jnp.ones((16, 64)), "y": jnp.ones((16, 8))}
        step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",))
    """, "SHL015", STRUCTURE)
    assert "in_specs=(P(), P(), batch_spec)" in fixed


def test_an_unreduced_loss_is_averaged(tmp_path):
    fixed = fix(tmp_path, """
        def loss(w, x):
            return jnp.mean((x @ w) ** 2)

        def local(w, x):
            value, grad = jax.value_and_grad(loss)(w, x)
            return jax.lax.pmean(grad, "d"), value

        f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P("d")), out_specs=(P(), P())))
        f.trace(jnp.ones((8,)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean(grad, "d"), jax.lax.pmean(value, "d")' in fixed


def test_a_bound_methods_unreduced_loss_is_averaged(tmp_path):
    """A trainer that holds the mesh and shard_maps its own method: the method's return."""
    fixed = fix(tmp_path, """
        class Trainer:
            def __init__(self, mesh, axis="d"):
                self.mesh, self.axis = mesh, axis

            def _local_step(self, w, x):
                value, grad = jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)
                return jax.lax.pmean(grad, self.axis), value

            def make_step(self):
                return jax.jit(jax.shard_map(self._local_step, mesh=self.mesh, in_specs=(P(), P(self.axis)),
                                             out_specs=(P(), P())))

        Trainer(mesh).make_step().trace(jnp.ones((8,)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean(grad, self.axis), jax.lax.pmean(value, "d")' in fixed


def test_the_loss_of_the_def_a_lambda_forwards_to_is_averaged(tmp_path):
    fixed = fix(tmp_path, """
        def sgd_step(w, scale, x):
            grads = jax.lax.pmean(jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w), "d")
            loss = jnp.mean((x @ w) ** 2)
            return w - scale * grads, loss

        step = jax.shard_map(lambda w, x: sgd_step(w, 0.1, x), mesh=mesh, in_specs=(P(), P("d")),
                             out_specs=(P(), P()))
        jax.jit(step).trace(jnp.ones((8, 4)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return w - scale * grads, jax.lax.pmean(loss, "d")' in fixed


def test_a_partials_unreduced_loss_is_averaged(tmp_path):
    fixed = fix(tmp_path, """
        import functools

        def local(scale, w, x):
            value, grad = jax.value_and_grad(lambda w: scale * jnp.mean((x @ w) ** 2))(w)
            return jax.lax.pmean(grad, "d"), value

        f = jax.jit(jax.shard_map(functools.partial(local, 2.0), mesh=mesh, in_specs=(P(), P("d")),
                                  out_specs=(P(), P())))
        f.trace(jnp.ones((8,)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean(grad, "d"), jax.lax.pmean(value, "d")' in fixed


def test_all_axes_manual_over_an_explicit_mesh_takes_the_inputs_specs(tmp_path):
    """With every axis of an Explicit mesh manual, an input sharded over the axis that was
    automatic needs a spec that names it: the in_specs go, and shard_map takes the inputs'."""
    fixed = fix(tmp_path, """
        explicit = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
        with jax.set_mesh(explicit):

            @jax.jit
            @jax.shard_map(in_specs=P(None, "model"), out_specs=P(None, "model"),
                           axis_names={"model"})
            def f(x):
                return jax.lax.psum(x, "data")

            x = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=P("data", "model"))
            f.trace(x).lower(lowering_platforms=("cuda",))
    """, "SHL005", "unbound axis name: data")
    assert '@jax.shard_map(out_specs=P(None, "model"))' in fixed


def test_per_example_outputs_are_sharded(tmp_path):
    fixed = fix(tmp_path, """
        f = jax.jit(jax.shard_map(lambda w, x: jnp.tanh(x @ w), mesh=mesh, in_specs=(P(), P("d")), out_specs=P()))
        f.trace(jnp.ones((8, 2)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'out_specs=P("d")' in fixed


def test_what_all_gather_gathered_is_averaged_not_resharded(tmp_path):
    fixed = fix(tmp_path, """
        def local(x):
            full = jax.lax.all_gather(x, "d", axis=0, tiled=True)
            return jnp.sum(full, axis=1)

        f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=P("d"), out_specs=P()))
        f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean(jnp.sum(full, axis=1), "d")' in fixed


def test_partial_sums_of_sharded_module_weights_are_summed(tmp_path):
    fixed = fix(tmp_path, """
        import equinox as eqx

        class RowParallel(eqx.Module):
            weight: jax.Array

            def __call__(self, x):
                return x @ self.weight

        layer = RowParallel(jnp.ones((64, 8)))

        @eqx.filter_jit
        def forward(layer, x):
            return jax.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P("d"), P(None, "d")), out_specs=P())(layer, x)

        forward.lower(layer, jnp.ones((4, 64)))
    """, "SHL016", REPLICATION)
    assert 'jax.lax.psum(l(x), "d")' in fixed


def test_axis_renamed_in_the_config_default_it_comes_from(tmp_path):
    fixed = fix(tmp_path, """
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class Parallel:
            batch_axis: str = "batch"

        cfg = Parallel()

        def local(x):
            return x - jax.lax.pmean(x, cfg.batch_axis)

        f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=P("d"), out_specs=P("d")))
        f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL006", "AssertionError")
    assert 'batch_axis: str = "d"' in fixed


def test_axis_renamed_in_the_constructor_argument(tmp_path):
    fixed = fix(tmp_path, """
        class Reduce:
            def __init__(self, axis_name="d"):
                self.axis_name = axis_name

            def __call__(self, x):
                return jax.lax.psum(x, self.axis_name)

        reduce = Reduce(axis_name="model")
        f = jax.jit(jax.shard_map(lambda x: reduce(x), mesh=mesh, in_specs=P("d"), out_specs=P()))
        f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL006", "AssertionError")
    assert 'Reduce(axis_name="d")' in fixed and 'def __init__(self, axis_name="d")' in fixed


def test_a_vmap_that_names_no_axis_names_the_collectives(tmp_path):
    fixed = fix(tmp_path, """
        f = jax.vmap(lambda x: x - jax.lax.pmean(x, "member"))
        jax.jit(f).trace(jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL005", "unbound axis name: member")
    assert 'jax.vmap(lambda x: x - jax.lax.pmean(x, "member"), axis_name="member")' in fixed


def test_an_nnx_pmap_that_names_no_axis_names_the_collectives(tmp_path):
    fixed = fix(tmp_path, """
        from flax import nnx

        @nnx.pmap(in_axes=0, out_axes=0)
        def centred(x):
            return x - jax.lax.pmean(x, "device")

        jax.jit(centred).trace(jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL005", "unbound axis name: device")
    assert '@nnx.pmap(in_axes=0, out_axes=0, axis_name="device")' in fixed


MESH_2D = 'mesh2 = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "{axis}"))\n'


@pytest.mark.parametrize("written, mesh_axis", [
    ("model", "tensor"),  # another name of tensor parallelism
    ("tensor", "model"),
    ("mlp", "model"),  # a logical axis name that partitioning rules map to the model axis
    ("sequence", "seq"),  # an abbreviation
])
def test_axis_of_the_same_kind_of_parallelism_is_renamed_where_written(tmp_path, written, mesh_axis):
    fixed = fix(tmp_path, "import numpy as np\n" + MESH_2D.format(axis=mesh_axis) + textwrap.dedent(f"""
        class RowParallel:
            def __init__(self, axis_name):
                self.axis_name = axis_name

            def __call__(self, x, w):
                return jax.lax.psum(x @ w, self.axis_name)

        layer = RowParallel(axis_name="{written}")
        f = jax.jit(jax.shard_map(layer, mesh=mesh2, in_specs=(P("data", "{mesh_axis}"), P("{mesh_axis}")),
                                  out_specs=P("data")))
        f.trace(jnp.ones((8, 16)), jnp.ones((16, 4))).lower(lowering_platforms=("cuda",))
    """), "SHL006", "AssertionError")
    assert f'RowParallel(axis_name="{mesh_axis}")' in fixed


def test_a_logical_axis_is_renamed_to_the_mesh_axis_the_programs_rules_map_it_to(tmp_path):
    fixed = fix(tmp_path, "import numpy as np\n" + MESH_2D.format(axis="model") + textwrap.dedent("""
        LOGICAL_RULES = (("batch", "data"), ("embed", None), ("joined_kv", "model"))

        def attend(x, w):
            return jax.lax.psum(x @ w, "joined_kv")

        f = jax.jit(jax.shard_map(attend, mesh=mesh2, in_specs=(P("data", "model"), P("model")), out_specs=P("data")))
        f.trace(jnp.ones((8, 16)), jnp.ones((16, 4))).lower(lowering_platforms=("cuda",))
    """), "SHL006", "AssertionError")
    assert 'jax.lax.psum(x @ w, "model")' in fixed


def test_no_rename_between_axes_of_another_kind(tmp_path):
    """'expert' says nothing of 'data' or 'model': no axis is guessed for it."""
    path = tmp_path / "prog.py"
    path.write_text(HEAD + "import numpy as np\n" + MESH_2D.format(axis="model") + textwrap.dedent("""
        f = jax.jit(jax.shard_map(lambda x: jax.lax.psum(x, "expert"), mesh=mesh2, in_specs=P("data", "model"),
                                  out_specs=P("data")))
        f.trace(jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
    """))
    out = subprocess.run([sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", "--format", "json",
                          str(path)], capture_output=True, text=True)
    (diag,) = [d for d in json.loads(out.stdout) if d["code"] == "SHL006"]
    assert diag["fix"] is None, diag["fix"]


def test_a_dict_of_scalar_metrics_is_averaged(tmp_path):
    fixed = fix(tmp_path, """
        def metrics(logits, labels):
            loss = jnp.mean((logits - labels[:, None]) ** 2)
            accuracy = (logits.argmax(-1) == labels).mean()
            return {"loss": loss, "accuracy": accuracy}

        def evaluate(w, x, labels):
            return metrics(x @ w, labels)

        f = jax.jit(jax.shard_map(evaluate, mesh=mesh, in_specs=(P(), P("d"), P("d")), out_specs=P()))
        f.trace(jnp.ones((8, 4)), jnp.ones((16, 8)), jnp.ones((16,), jnp.int32)).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean(metrics(x @ w, labels), "d")' in fixed


def test_a_tuple_of_scalar_metrics_is_averaged_as_one_value(tmp_path):
    fixed = fix(tmp_path, """
        def evaluate(w, x):
            y = x @ w
            return jnp.mean(y), jnp.max(y)

        f = jax.jit(jax.shard_map(evaluate, mesh=mesh, in_specs=(P(), P("d")), out_specs=P()))
        f.trace(jnp.ones((8, 4)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'return jax.lax.pmean((jnp.mean(y), jnp.max(y)), "d")' in fixed


def test_one_entry_of_a_dict_output_is_sharded(tmp_path):
    fixed = fix(tmp_path, """
        def local(x):
            return {"loss": jax.lax.pmean(jnp.mean(x), "d"), "logits": x}

        f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=P("d"), out_specs={"loss": P(), "logits": P()}))
        f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
    """, "SHL016", REPLICATION)
    assert 'out_specs={"loss": P(), "logits": P("d")}' in fixed


def test_a_logical_axis_in_in_specs_becomes_the_mesh_axis(tmp_path):
    fixed = fix(tmp_path, "import numpy as np\n" + MESH_2D.format(axis="tensor") + textwrap.dedent("""
        def matmul(h, w):
            return jax.lax.psum(h @ w, "tensor")

        f = jax.jit(jax.shard_map(matmul, mesh=mesh2, in_specs=(P("activation_batch", "tensor"), P("tensor")),
                                  out_specs=P("data")))
        f.trace(jnp.ones((8, 16)), jnp.ones((16, 4))).lower(lowering_platforms=("cuda",))
    """), "SHL015", "must refer to an axis marked as manual")
    assert 'in_specs=(P("data", "tensor"), P("tensor"))' in fixed


def test_an_axis_the_mesh_lacks_among_a_dimensions_axes_is_dropped(tmp_path):
    # "data" already splits the batch: renaming "fsdp" to it would name it twice (DuplicateSpecError)
    fixed = fix(tmp_path, """
        from jax.sharding import NamedSharding
        mesh2 = jax.make_mesh((2, 2), ("data", "model"))
        BATCH = (("data", "fsdp"), None)
        x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh2, P(*BATCH)))
        jax.jit(lambda v: v * 2).trace(x).lower(lowering_platforms=("cuda",))
    """, "SHL023", "Resource axis: fsdp")
    assert 'BATCH = (("data",), None)' in fixed


def test_spec_facts_round_trip_through_json():
    site = SiteRef("a.py", 1, 1, 1, 9)
    for fact in (InSpecs(site, SpecsRepair(("0", "params"), "tuple", (1, -1), ("x",), ("y",))),
                 OutSpecsVarying(site, site, 1, ("d",), ("pmean", "out_specs")),
                 OutSpecsVarying(site, site, -1, ("d",), ("out_specs",), "logits"),
                 SpecAxis(site, "activation_batch", "data")):
        assert FixFact.from_json(json.loads(json.dumps(fact.to_json()))) == fact

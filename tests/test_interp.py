"""The interpreter's Python semantics and three-valued verdicts, on small programs: statements
run in order (the last binding wins), branches join, loops run their known iterations, closures
bind late, a test the inputs decide prunes a branch, an exception a handler swallows is no
error, and a failure on only some paths is a warning, never an error. (What JAX does with such
programs is checked on the fixtures; these pin down how the engine reasons.)"""

import ast
import textwrap
from pathlib import Path

import pytest

from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table

HEAD = """\
import os
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("x",))
X = jax.ShapeDtypeStruct((8, 16), jnp.float32)
"""
HEAD_LINES = HEAD.count("\n")


def check_program(tmp_path: Path, body: str, **config) -> list:
    """What the engine reports for HEAD + body."""
    (tmp_path / "prog.py").write_text(HEAD + textwrap.dedent(body))
    cfg = parse_table({"backend": "gpu", **config}, tmp_path, None)
    return check([tmp_path], cfg, use_cache=False).diagnostics


def diags(tmp_path: Path, body: str, **config) -> list[tuple[int, str, str]]:
    """(line in `body`, code, severity) of what the engine reports for HEAD + body."""
    return sorted((d.line - HEAD_LINES, d.code, d.severity.value) for d in check_program(tmp_path, body, **config))


def test_last_assignment_wins(tmp_path):
    assert diags(tmp_path, """\
        def step(x):
            return jax.lax.psum(x, "x")
        step = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())
        jax.jit(step).trace(X)
        """) == []


def test_an_earlier_binding_is_gone(tmp_path):
    assert diags(tmp_path, """\
        def body(x):
            return jax.lax.psum(x, "x")
        step = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())
        step = body
        jax.jit(step).trace(X)
        """) == [(2, "SHL005", "error")]


def test_a_failure_on_one_branch_only_is_a_warning(tmp_path):
    got = diags(tmp_path, """\
        def body(x):
            return jax.lax.psum(x, "x")
        if os.environ.get("SHARDED"):
            step = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())
        else:
            step = body
        jax.jit(step).trace(X)
        """)
    assert got == [(2, "SHL005", "warning")]


def test_a_failure_on_every_branch_is_an_error(tmp_path):
    assert diags(tmp_path, """\
        def body(x):
            return jax.lax.psum(x, "x")
        step = jax.jit(body) if os.environ.get("JIT") else body
        step(X)
        """) == [(2, "SHL005", "error")]


def test_an_axis_that_is_one_of_two_names(tmp_path):
    body = """\
        AXIS = "x" if os.environ.get("A") else "{other}"
        def body(x):
            return jax.lax.psum(x, AXIS)
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """
    assert diags(tmp_path, body.format(other="y")) == [(3, "SHL006", "warning")]
    assert diags(tmp_path, body.format(other="x")) == []


def test_a_known_test_prunes_the_branch_it_rules_out(tmp_path):
    assert diags(tmp_path, """\
        SHARDED = True
        def body(x):
            return jax.lax.psum(x, "x")
        if SHARDED:
            step = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())
        else:
            step = body
        jax.jit(step).trace(X)
        """) == []


def test_isinstance_and_defaults_decide_branches(tmp_path):
    assert diags(tmp_path, """\
        def reduce(x, axis_name=None):
            if axis_name is None:
                axis_name = "x"
            if isinstance(axis_name, str):
                axis_name = (axis_name,)
            return jax.lax.psum(x, axis_name)
        jax.jit(jax.shard_map(reduce, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        jax.jit(lambda x: reduce(x, "y")).trace(X)
        """) == [(6, "SHL005", "error")]


def test_a_loop_runs_each_known_item(tmp_path):
    assert diags(tmp_path, """\
        def body(x):
            for axis in ("x", "z"):
                x = jax.lax.psum(x, axis)
            return x
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(3, "SHL006", "error")]


def test_a_closure_sees_its_scope_as_it_is_when_it_runs(tmp_path):
    assert diags(tmp_path, """\
        def make():
            axis = "y"
            def f(x):
                return jax.lax.psum(x, axis)
            axis = "x"
            return f
        jax.jit(jax.shard_map(make(), mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == []



@pytest.mark.parametrize("declare, rebound", [("global AXIS", "AXIS"), ("nonlocal axis", "axis")])
def test_a_function_rebinds_a_name_it_declares_global_or_nonlocal(tmp_path, declare, rebound):
    """`global AXIS; AXIS = "x"` in the function that then traces: the functions traced read
    the new value (the declaration was only known once something had asked for the
    function's locals, so the assignment bound a local)."""
    name = rebound
    assert diags(tmp_path, f"""\
        AXIS = "y"

        def outer():
            axis = "y"

            def step(x):
                return jax.lax.psum(x, {name})

            def main():
                {declare}
                {name} = "x"
                return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)

            return main()

        outer()
        """) == []


def test_instance_attributes_follow_their_stores(tmp_path):
    assert diags(tmp_path, """\
        class Reducer:
            def __init__(self):
                self.axis = "y"
                self.axis = "x"
            def __call__(self, x):
                return jax.lax.psum(x, self.axis)
        jax.jit(jax.shard_map(Reducer(), mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == []


@pytest.mark.parametrize("handler, reported", [
    ("except Exception:", []),
    ("except NameError:", []),
    ("except ValueError:", [(3, "SHL005", "error")]),
    # a handler raising its own exception: the user sees that one, where it is raised
    ("except Exception as e:\n        raise RuntimeError('no') from e", [(5, "SHL005", "error")]),
])
def test_an_error_a_handler_swallows(tmp_path, handler, reported):
    assert diags(tmp_path, f"""\
def go(x):
    try:
        return jax.jit(lambda v: jax.lax.psum(v, "x")).trace(x)
    {handler}
        return None
go(X)
""") == reported


def test_an_error_a_test_expects(tmp_path):
    assert diags(tmp_path, """\
        import pytest
        def test_rejects():
            with pytest.raises(NameError):
                jax.jit(lambda v: jax.lax.psum(v, "x")).trace(X)
        """) == []


def test_hasattr_of_a_versioned_api_follows_the_target_version(tmp_path):
    body = """\
        if hasattr(jax, "shard_map"):
            shard_map = jax.shard_map
        else:
            from jax.experimental.shard_map import shard_map
        def body(x):
            return jax.lax.psum(x, "x")
        jax.jit(shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """
    assert diags(tmp_path, body, **{"jax-version": "0.10.2"}) == []
    assert diags(tmp_path, body, **{"jax-version": "0.5.3"}) == []


def test_code_after_a_certain_raise_does_not_run(tmp_path):
    assert diags(tmp_path, """\
        def fail(x):
            raise NotImplementedError("not on this backend")
        def body(x):
            fail(x)
            return jax.lax.psum(x, "x")
        jax.jit(body).trace(X)
        """) == []


def test_unknown_is_not_wrong(tmp_path):
    assert diags(tmp_path, """\
        def body(x, axis):
            return jax.lax.psum(x, axis)
        def run(x, axis=os.environ["AXIS"]):
            return jax.jit(jax.shard_map(lambda v: body(v, axis), mesh=mesh, in_specs=P("x"), out_specs=P()))(x)
        run(X)
        """) == []


@pytest.mark.parametrize("handler, reported", [
    ("except AssertionError:", []),
    ("except NameError:", [(1, "SHL006", "error")]),
])
def test_the_exception_a_rule_predicts_decides_what_a_handler_catches(tmp_path, handler, reported):
    # psum over an axis the mesh lacks, under check_vma=True: a bare AssertionError at lowering.
    assert diags(tmp_path, f"""\
f = jax.shard_map(lambda v: jax.lax.psum(v, "y"), mesh=mesh, in_specs=P("x"), out_specs=P())
try:
    jax.jit(f).trace(X).lower(lowering_platforms=("cuda",))
{handler}
    pass
""") == reported


def test_an_internal_error_in_one_entry_point_loses_no_other_diagnostics(tmp_path, monkeypatch, caplog):
    from shardlint.analysis.interp.machine import Interpreter

    (tmp_path / "broken.py").write_text(HEAD + "jax.jit(lambda v: jax.lax.psum(v, 'x')).trace(X)\n")
    original = Interpreter._st_Expr

    def planted(self, st, act, ctx, entry_label):
        if act.scope.module.name == "broken":
            raise RuntimeError("planted")
        return original(self, st, act, ctx, entry_label)

    monkeypatch.setattr(Interpreter, "_st_Expr", planted)
    from shardlint.analysis.interp import machine
    monkeypatch.setitem(machine._STMT_METHODS, ast.Expr, planted)
    got = diags(tmp_path, """\
        jax.jit(lambda v: jax.lax.psum(v, "x")).trace(X)
        """)
    assert got == [(1, "SHL005", "error")]
    assert any("internal error while analysing module broken" in r.message and "broken.py:9" in r.message
               and "planted" in r.message for r in caplog.records)


def test_nested_unpacking_of_a_call_result(tmp_path):
    # Flax's own `(loss, (updates, aux)), grads = fn_out` once crashed the engine.
    assert diags(tmp_path, """\
        def pair():
            return (jax.jit, None), None
        (wrap, _), _ = pair()
        @wrap
        def step(x):
            return jax.lax.psum(x, "i")
        step.trace(X)
        """) == [(6, "SHL005", "error")]


def test_lambdas_made_in_a_comprehension_see_its_last_value(tmp_path):
    assert diags(tmp_path, """\
        reducers = [lambda v: jax.lax.psum(v, ax) for ax in ("y", "x")]
        first = reducers[0]
        jax.jit(jax.shard_map(first, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == []


def test_python_values_the_analysis_follows(tmp_path):
    # str-valued Enum members, set arithmetic, dict.update and the target JAX's version
    assert diags(tmp_path, """\
        import enum
        class Axis(str, enum.Enum):
            DATA = "x"
            MODEL = "model"
        manual = set(mesh.axis_names) - {"model"}
        kw = dict(mesh=None, in_specs=P(Axis.DATA.value), out_specs=P())
        kw.update(mesh=mesh, axis_names=manual)
        NEW = jax.__version_info__ >= (0, 7, 0)
        def body(v):
            if NEW:
                return jax.lax.psum(v, Axis.MODEL)
            return jax.lax.psum(v, Axis.DATA)
        jax.jit(jax.shard_map(body, **kw)).trace(X)
        """) == [(11, "SHL006", "error")]


def test_string_methods_of_known_strings(tmp_path):
    """Mesh axes parsed from a config string (`"data,model".split(",")`, stripped, lowered):
    the axes are known, and an axis the mesh lacks is an error (a method that would build a huge
    string is not run)."""
    assert diags(tmp_path, """\
        PAD = "x".zfill(10**12)
        AXES = tuple(a.strip().lower() for a in " Data, model ".split(","))
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), AXES)
        def step(v):
            return jax.lax.psum(v, "tensor")
        jax.jit(jax.shard_map(step, mesh=grid, in_specs=P(AXES[0]), out_specs=P())).trace(X)
        """) == [(5, "SHL006", "error")]


@pytest.mark.parametrize("strategy, want", [
    ('"ddp"', []),
    ('"hsdp"', [(6, "SHL006", "error")]),
    ("os.environ.get('STRATEGY')", [(6, "SHL006", "error")]),  # as an `if` whose test is unknown
    ('"tp"', []),  # the capture raises
])
def test_match_runs_the_cases_its_subject_can_match(tmp_path, strategy, want):
    """A case the subject cannot match never runs (a literal, an or-pattern, a guard); the first
    case it surely matches ends the match."""
    assert diags(tmp_path, f"""\
        def sync(g, strategy):
            match strategy:
                case "ddp" | "dp":
                    return jax.lax.pmean(g, "x")
                case "hsdp" if g is not None:
                    return jax.lax.pmean(g, "shard")
                case other:
                    raise ValueError(other)
        step = jax.shard_map(lambda g: sync(g, {strategy}), mesh=mesh, in_specs=P("x"), out_specs=P())
        jax.jit(step).trace(X)
        """) == want


def test_a_script_runs_with_its_flags_defaults(tmp_path):
    """argparse gives each flag its default (as `python prog.py` runs), and sys.argv holds only
    the script: a default that names no mesh axis is an error."""
    body = """\
        import argparse
        import sys
        parser = argparse.ArgumentParser()
        parser.add_argument("--dp-axis", default="{axis}")
        parser.add_argument("--steps", type=int, default="3")
        args = parser.parse_args()
        assert args.steps == 3 and len(sys.argv) == 1
        def step(x):
            return jax.lax.psum(x, args.dp_axis)
        jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """
    assert diags(tmp_path, body.format(axis="x")) == []
    assert diags(tmp_path, body.format(axis="batch")) == [(9, "SHL006", "error")]


def test_a_module_imported_for_its_side_effects_runs(tmp_path):
    """`import steps` whose name is never read fills a registry by running its decorators."""
    (tmp_path / "registry.py").write_text("STEPS = {}\ndef register(name):\n"
                                         "    def deco(fn):\n        STEPS[name] = fn\n        return fn\n"
                                         "    return deco\n")
    (tmp_path / "steps.py").write_text("import jax\nfrom registry import register\n\n\n@register('eval')\n"
                                       "def eval_step(x):\n    return jax.lax.psum(x, 'batch')\n")
    assert diags(tmp_path, """\
        import steps  # noqa: F401
        from registry import STEPS
        jax.jit(jax.shard_map(STEPS["eval"], mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(7 - HEAD_LINES, "SHL006", "error")]  # steps.py:7 (diags counts lines from the body)


def test_a_legacy_mesh_context_is_no_context_mesh(tmp_path):
    """`with mesh:` enters the legacy resource environment, not the context mesh that
    `jax.shard_map` without `mesh=` needs (JAX 0.6.2 to 0.10.2 raise); `with jax.set_mesh(mesh):`
    is one."""
    body = """\
        def step(x):
            return jax.lax.psum(x, "x")
        with {cm}:
            jax.jit(jax.shard_map(step, in_specs=P("x"), out_specs=P())).trace(X)
        """
    assert diags(tmp_path, body.format(cm="mesh")) == [(4, "SHL017", "error")]
    assert diags(tmp_path, body.format(cm="jax.set_mesh(mesh)")) == []


def test_a_class_decorator_of_the_project_runs(tmp_path):
    """A registry filled by a class decorator has the class under its name."""
    assert diags(tmp_path, """\
        SCHEDULES = {}
        def register(name):
            def deco(cls):
                SCHEDULES[name] = cls
                return cls
            return deco
        @register("gpipe")
        class GPipe:
            axis = "stage"
            def run(self, x):
                return jax.lax.psum(x, self.axis)
        jax.jit(jax.shard_map(SCHEDULES["gpipe"]().run, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(11, "SHL006", "error")]


def test_a_comprehension_over_unknown_items_runs_its_element(tmp_path):
    # `[Layer(k) for k in jax.random.split(key, n)]`: the list's length is unknown, each item is a
    # Layer; a loop over it runs the layer (once or more, or not at all)
    assert diags(tmp_path, """\
        class Layer:
            def __init__(self, key):
                self.key = key
            def __call__(self, x):
                return jax.lax.ppermute(x, "x", [(0, 1), (1, 1)])
        def forward(x):
            layers = [Layer(k) for k in jax.random.split(jax.random.key(0), 3)]
            for layer in layers:
                x = layer(x)
            return x
        jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=P("x"), out_specs=P("x"))).trace(X)
        """) == [(5, "SHL103", "error")]


def test_a_comprehension_of_unknown_items_claims_no_structure(tmp_path):
    # the specs of a list of unknown length are not compared with it
    assert diags(tmp_path, """\
        def total(xs):
            return sum(jax.lax.psum(x, "x") for x in xs)
        xs = [X for _ in jax.random.split(jax.random.key(0), int(os.environ["N"]))]
        jax.jit(jax.shard_map(total, mesh=mesh, in_specs=([P("x"), P("x")],), out_specs=P())).trace(xs)
        """) == []


def test_process_count_is_one_until_distributed_initialize(tmp_path):
    body = """\
        def step(x):
            return jax.lax.psum(x, "x")
        {init}
        if jax.process_count() > 1:
            step = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())
        jax.jit(step).trace(X)
        """
    assert diags(tmp_path, body.format(init="")) == [(2, "SHL005", "error")]
    assert diags(tmp_path, body.format(init="jax.distributed.initialize()")) == [(2, "SHL005", "warning")]


def test_axis_size_is_the_mesh_axis_size(tmp_path):
    assert diags(tmp_path, """\
        def halo(x):
            n = jax.lax.axis_size("x")
            right = [(i, i + 1) for i in range(n - 1)]
            left = [(i, i - 1) for i in range(1, n)]
            return jax.lax.ppermute(x, "x", perm=right + left)
        jax.jit(jax.shard_map(halo, mesh=mesh, in_specs=P("x"), out_specs=P("x"))).trace(X)
        """) == [(5, "SHL103", "error")]


def test_gradients_vary_as_their_primals(tmp_path):
    # grads of replicated params are replicated (JAX sums them in the transpose); a ring
    # all-reduce written with ppermute makes them vary, which out_specs=P() claims they do not
    assert diags(tmp_path, """\
        from jax.flatten_util import ravel_pytree
        def ring_sum(v):
            def body(i, acc):
                return acc + jax.lax.ppermute(acc, "x", [(j, (j + 1) % 4) for j in range(4)])
            return jax.lax.fori_loop(0, 3, body, jax.lax.ppermute(v, "x", [(j, (j + 1) % 4) for j in range(4)]))
        def step(params, x):
            grads = jax.grad(lambda p: jnp.mean(x @ p["w"]))(params)
            flat, unravel = ravel_pytree(grads)
            return unravel(ring_sum(flat))
        params = {"w": jnp.ones((16, 2))}
        f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(f).trace(params, X)
        """) == [(12, "SHL016", "error")]
    assert diags(tmp_path, """\
        def step(params, x):
            grads = jax.grad(lambda p: jnp.mean(x @ p["w"]))(params)
            return grads
        params = {"w": jnp.ones((16, 2))}
        f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(f).trace(params, X)
        """) == []


def test_an_index_that_varies_makes_the_element_vary(tmp_path):
    # the loop's carry starts from a block picked by the device's index, and stays varying
    assert diags(tmp_path, """\
        def gather(x):
            idx = jax.lax.axis_index("x")
            out = jnp.zeros((4, 16)).at[idx].set(x[0])
            def body(i, acc):
                return jax.lax.ppermute(acc, "x", [(j, (j + 1) % 4) for j in range(4)])
            return jax.lax.fori_loop(0, 3, body, out[idx])
        jax.jit(jax.shard_map(gather, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(7, "SHL016", "error")]


def test_the_experimental_shard_map_module_by_attribute(tmp_path):
    assert diags(tmp_path, """\
        from jax.experimental import shard_map
        def step(x):
            return jax.lax.psum(x, "x")
        f = shard_map.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """, **{"jax-version": "0.6.2"}) == [(4, "SHL008", "error")]


def test_an_unplaced_array_times_a_number_is_unplaced(tmp_path):
    assert diags(tmp_path, """\
        emesh = jax.make_mesh((4,), ("m",))
        w = jax.random.normal(jax.random.key(0), (16, 8)) * 0.02
        def mm(x, w):
            return jax.lax.psum(x @ w, "m")
        f = jax.shard_map(mm, mesh=emesh, in_specs=(P(None, "m"), P("m", None)), out_specs=P())
        jax.jit(f).trace(jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(emesh, P(None, "m"))), w)
        """) == [(6, "SHL011", "error")]


def test_tree_map_and_tree_at_keep_an_equinox_module(tmp_path):
    body = """\
        import equinox as eqx
        class Stage(eqx.Module):
            w: jax.Array
            axis: str = eqx.field(static=True)
            def __call__(self, x):
                return jax.lax.psum(x @ self.w, self.axis)
        class Local(eqx.Module):
            w: jax.Array
            def __call__(self, x):
                return x @ self.w
        class Net(eqx.Module):
            head: eqx.Module
            def __call__(self, x):
                return self.head(x)
        model = Net(Stage(jnp.ones((16, 16)), "x"))
        {edit}
        jax.jit(lambda x: model(x)).trace(X)
        """
    assert diags(tmp_path, body.format(edit="model = jax.tree.map(lambda a: a * 2, model)")) \
        == [(6, "SHL005", "error")]
    assert diags(tmp_path, body.format(edit="model = eqx.tree_at(lambda m: m.head.w, model, jnp.zeros((16, 16)))")) \
        == [(6, "SHL005", "error")]
    assert diags(tmp_path, body.format(edit="model = eqx.tree_at(lambda m: m.head, model, Local(jnp.ones((16, 4))))")) \
        == []


def test_linen_is_initializing_and_clone(tmp_path):
    body = """\
        import flax.linen as nn
        class Mlp(nn.Module):
            axis: str
            @nn.compact
            def __call__(self, x):
                y = nn.Dense(16)(x)
                if not self.is_initializing():
                    y = jax.lax.psum(y, self.axis)
                return y
        model = Mlp("x")
        variables = jax.jit(model.init)(jax.random.key(0), jnp.ones((8, 16)))
        def fwd(v, x):
            return {model}.apply(v, x)
        jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=(P(), P("x")), out_specs=P())).trace(variables, X)
        """
    assert diags(tmp_path, body.format(model="model")) == []
    assert diags(tmp_path, body.format(model="model.clone(axis='y')")) == [(8, "SHL006", "error")]


def test_flax_replicate_keeps_the_train_state(tmp_path):
    assert diags(tmp_path, """\
        import flax.linen as nn
        import optax
        from flax import jax_utils
        from flax.training import train_state
        class Mlp(nn.Module):
            @nn.compact
            def __call__(self, x):
                return jax.lax.pmean(nn.Dense(4)(x), "batch")
        model = Mlp()
        params = model.init(jax.random.key(0), jnp.ones((1, 16)))["params"]
        state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))
        state = jax_utils.replicate(state)
        def step(state, x):
            return state.apply_fn({"params": state.params}, x)
        jax.pmap(step, axis_name="data").trace(state, jnp.ones((4, 2, 16)))
        """) == [(8, "SHL005", "error")]


def test_linen_batch_statistics_vary_unless_averaged(tmp_path):
    body = """\
        import flax.linen as nn
        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=False, axis_name={axis})(x)
        model = Net()
        variables = model.init(jax.random.key(0), jnp.ones((8, 16)))
        def step(variables, x):
            y, updates = model.apply(variables, x, mutable=["batch_stats"])
            return jax.lax.pmean(jnp.mean(y), "x"), updates
        f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("x")), out_specs=(P(), P()))
        jax.jit(f).trace(variables, X)
        """
    assert diags(tmp_path, body.format(axis='"x"')) == []
    assert diags(tmp_path, body.format(axis="None")) == [(12, "SHL016", "error")]


def test_placing_a_module_keeps_it(tmp_path):
    body = """\
        import equinox as eqx
        from jax.sharding import NamedSharding
        class Dropout(eqx.Module):
            def __call__(self, x):
                return x * jax.lax.axis_index("x")
        model = Dropout()
        @eqx.filter_jit
        def step(model, x):
            model = {place}
            return model(x)
        step(model, jnp.ones((8, 16)))
        """
    for place in ('eqx.filter_shard(model, NamedSharding(mesh, P()))',
                  'jax.device_put(model, NamedSharding(mesh, P()))',
                  'jax.lax.with_sharding_constraint(model, NamedSharding(mesh, P()))'):
        assert diags(tmp_path, body.format(place=place)) == [(5, "SHL005", "error")], place


def test_a_simple_namespace_holds_its_config(tmp_path):
    assert diags(tmp_path, """\
        import types
        def get_config():
            config = types.SimpleNamespace(batch_axis="batch")
            config.axis = "devices"
            return config
        config = get_config()
        def step(x):
            return jax.lax.psum(x, "batch")
        jax.jit(jax.pmap(step, axis_name=config.axis)).trace(jnp.ones((4, 8)))
        """) == [(8, "SHL005", "error")]


def test_tree_map_keeps_a_registered_dataclass(tmp_path):
    assert diags(tmp_path, """\
        import dataclasses
        from functools import partial
        @partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["axis"])
        @dataclasses.dataclass
        class Stage:
            w: jax.Array
            axis: str
            def __call__(self, x):
                return jax.lax.psum(x @ self.w, self.axis)
        stages = Stage(jnp.zeros((4, 16, 16)), "y")
        @partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), P()), out_specs=P())
        def pipeline(stage, x):
            stage = jax.tree.map(lambda a: a[0], stage)
            return stage(x)
        jax.jit(pipeline).trace(stages, X)
        """) == [(9, "SHL006", "error")]


def test_a_vmap_axis_inside_shard_map_without_the_check(tmp_path):
    body = """\
        def inner(h):
            return jax.lax.pmean(h, "batch")
        def step(x):
            return jax.vmap(inner, axis_name="batch")(x)
        f = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P("x"){check})
        jax.jit(f).trace(X)
        """
    assert diags(tmp_path, body.format(check="")) == [(2, "SHL006", "error")]
    assert diags(tmp_path, body.format(check=", check_vma=False")) == []


def test_tabulate_runs_the_module(tmp_path):
    nnx_body = """\
        from flax import nnx
        class Block(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(16, 16, rngs=rngs)
            def __call__(self, x):
                return jax.lax.psum(self.lin(x), "x")
            def local(self, x):
                return self.lin(x)
        model = Block(nnx.Rngs(0))
        print(nnx.tabulate(model, jnp.ones((8, 16)){method}))
        """
    assert diags(tmp_path, nnx_body.format(method="")) == [(6, "SHL005", "error")]
    # a table of the module is text: no wrap in shard_map is offered around it
    cfg = parse_table({"backend": "gpu"}, tmp_path, None)
    assert [d.fix_facts for d in check([tmp_path], cfg, use_cache=False).diagnostics] == [()]
    assert diags(tmp_path, nnx_body.format(method=", method='local'")) == []
    assert diags(tmp_path, """\
        import flax.linen as nn
        class Mlp(nn.Module):
            @nn.compact
            def __call__(self, x):
                return jax.lax.all_gather(nn.Dense(16)(x), "x")
        print(Mlp().tabulate(jax.random.key(0), jnp.ones((8, 16)), depth=1))
        """) == [(5, "SHL005", "error")]


def test_an_optax_transformation_of_the_users_runs_where_the_optimizer_updates(tmp_path):
    body = """\
        import optax
        from flax import nnx
        def sync(axis):
            def init_fn(params):
                return optax.EmptyState()
            def update_fn(updates, state, params=None):
                return jax.lax.pmean(updates, axis), state
            return optax.GradientTransformation(init_fn, update_fn)
        model = nnx.Linear(16, 16, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.chain(sync("x"), optax.adam(1e-3)), wrt=nnx.Param)
        def step(model, optimizer, x):
            grads = nnx.grad(lambda m: m(x).sum())(model)
            optimizer.update(model, grads)
        {run}
        """
    assert diags(tmp_path, body.format(run="nnx.jit(step)(model, optimizer, jnp.ones((8, 16)))")) \
        == [(7, "SHL005", "error")]
    assert diags(tmp_path, body.format(
        run="nnx.jit(nnx.shard_map(step, mesh=mesh, in_specs=(P(), P(), P('x')), out_specs=None))"
            "(model, optimizer, jnp.ones((8, 16)))")) == []
    assert diags(tmp_path, """\
        import optax
        def sync(updates, state, params=None):
            return jax.lax.psum(updates, "x"), state
        tx = optax.chain(optax.GradientTransformation(lambda p: optax.EmptyState(), sync), optax.sgd(0.1))
        def step(g):
            return tx.update(g, tx.init(g))[0]
        jax.jit(step).trace(X)
        """) == [(3, "SHL005", "error")]


def test_an_axis_read_from_a_partition_spec(tmp_path):
    body = """\
        from jax.sharding import NamedSharding
        rows = NamedSharding(mesh, P({spec}))
        def step(x):
            return jax.lax.psum(x, rows.spec[{i}])
        jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        {bare}
        """
    bare = "jax.jit(step).trace(X)"
    assert diags(tmp_path, body.format(spec='"x", None', i=0, bare=bare)) == [(4, "SHL005", "error")]
    assert diags(tmp_path, body.format(spec='None, "x"', i=-1, bare=bare)) == [(4, "SHL005", "error")]
    assert diags(tmp_path, body.format(spec='"x", None', i=0, bare="")) == []


_RULES = (
    (("batch", "data"), ("mlp", "model"), ("embed", None)),
    (("batch", ("data", "fsdp")), ("embed", "fsdp"), ("heads", "model"), ("embed", "model")),
    (("length", None), ("length", "seq"), ("batch", "data"), ("kv", "data")),
    (),
)


@pytest.mark.parametrize("rules", _RULES)
@pytest.mark.parametrize("names", [("batch", "length", "embed"), ("embed", "heads"), ("batch", "kv"),
                                   ("mlp", None, "batch"), (None,), ("batch", "batch")])
def test_logical_names_map_as_flax_maps_them(rules, names):
    from flax.linen.spmd import logical_to_mesh_axes
    from jax.sharding import PartitionSpec

    from shardlint.analysis.interp.frameworks import logical_to_mesh

    chosen = logical_to_mesh(list(names), rules)
    try:
        want = logical_to_mesh_axes(names, rules)
    except ValueError:
        assert chosen is None
        return
    assert PartitionSpec(*(None if i is None else rules[i][1] for i in chosen)) == want


def test_logical_axis_rules_entered_as_a_context(tmp_path):
    body = """\
        import flax.linen as nn
        RULES = (("batch", "x"), ("embed", None))
        def step(x):
            spec = nn.logical_to_mesh_axes(("batch", "embed"))
            return jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=mesh, in_specs=spec, out_specs=P())(x)
        {call}
        """
    inside = "with nn.logical_axis_rules({rules}):\n            jax.jit(step).trace(X)"
    assert diags(tmp_path, body.format(call=inside.format(rules="RULES"))) == []
    assert diags(tmp_path, body.format(call=inside.format(rules='(("batch", "y"),)'))) == [(5, "SHL015", "error")]
    # rules that differ by path, or none entered: the spec is not known
    assert diags(tmp_path, body.format(call="jax.jit(step).trace(X)")) == []
    either = 'RULES if os.environ.get("R") else (("batch", "y"),)'
    assert diags(tmp_path, body.format(call=inside.format(rules=either))) == []


@pytest.mark.parametrize("layout, reported", [
    ("np.array(jax.devices()).reshape(2, 2)", [(6, "SHL106", "error")]),
    ("mesh_utils.create_device_mesh((2, 2))", [(6, "SHL106", "error")]),
    # any even number of devices: the perm spans them all, the ring two (JAX lowers it on two
    # devices only; the count is not fixed, so it is checked on four and on eight)
    ("np.array(jax.devices()).reshape(2, -1)", [(6, "SHL106", "error")]),
    ("np.array(jax.devices()[:4]).reshape(2, 2)", [(6, "SHL106", "error")]),  # four or more: fails on all
    ("np.array(jax.devices()).reshape(-1, 1)", []),  # the ring spans every device, as the perm does
])
def test_the_device_count_a_full_layout_fixes(tmp_path, layout, reported):
    body = f"""\
        from jax.experimental import mesh_utils
        grid = Mesh({layout}, ("ring", "data"))
        n = len(jax.devices())
        perm = [(i, (i + 1) % n) for i in range(n)]
        def shift(x):
            return jax.lax.ppermute(x, "ring", perm)
        jax.jit(jax.shard_map(shift, mesh=grid, in_specs=P("ring"), out_specs=P("ring"))).trace(X)
        """
    assert diags(tmp_path, body) == reported


@pytest.mark.parametrize("specs, reported", [
    # every spec is P(): nothing is split off, and the arguments reach the function as they are
    ("(P(), P())", [(3, "SHL005", "error")]),
    # P("x") == P(("x",)): both are split off, then put back by position
    ("(P('x'), P(('x',)))", [(3, "SHL005", "error")]),
])
def test_arguments_routed_through_a_dict_of_zipped_positions(tmp_path, specs, reported):
    # the shape of a wrapper that shards some arguments and closes over the others
    body = f"""\
        class Layer:
            def __call__(self, x):
                return jax.lax.psum(x, "y")

        def wrapped(fn, specs):
            def call(*args):
                split = [i for i, s in enumerate(specs) if s != P()]
                given = dict(zip(split, [args[i] for i in split]))
                return fn(*(given.get(i, a) for i, a in enumerate(args)))
            return call

        def step(layer, x):
            return layer(x)

        jax.jit(wrapped(step, {specs})).trace(Layer(), X)
        """
    assert diags(tmp_path, body) == reported


@pytest.mark.parametrize("perm, reported", [
    # clamped at the edges: the last device sends to itself again, on any count of devices
    ("[(i, min(i + 1, n - 1)) for i in range(n)]", [(8, "SHL103", "error")]),
    # a ring of every device: fine on any count
    ("[(i, (i + 1) % n) for i in range(n)]", []),
    # sized for 8 devices: fails on a 4-device host only, lowers on an 8-device one
    ("[(i, (i + 1) % 8) for i in range(8)]", []),
])
def test_a_device_count_the_program_does_not_fix(tmp_path, perm, reported):
    body = f"""\
        import argparse
        parser = argparse.ArgumentParser()
        parser.add_argument("--axis", default="ring")
        args = parser.parse_args([])
        ring = Mesh(jax.devices(), (args.axis,))
        n = ring.shape[args.axis]
        def shift(x):
            return jax.lax.ppermute(x, args.axis, {perm})
        jax.jit(jax.shard_map(shift, mesh=ring, in_specs=P(args.axis), out_specs=P(args.axis))).trace(X)
        """
    assert diags(tmp_path, body) == reported


@pytest.mark.parametrize("other", ["a_grid.py", "z_grid.py"])
def test_another_scripts_layout_does_not_fix_this_ones_device_count(tmp_path, other):
    # two scripts of one project: one lays out four devices, the other runs on the machine's;
    # its clamped perm fails on any count, whichever script the analysis runs first
    grid = HEAD.replace('jax.devices()[:4]), ("x",)', 'jax.devices()).reshape(2, 2), ("x", "y")')
    (tmp_path / other).write_text(grid)
    body = """\
        ring = Mesh(np.array(jax.devices()), ("ring",))
        n = ring.shape["ring"]
        def shift(x):
            return jax.lax.ppermute(x, "ring", [(i, min(i + 1, n - 1)) for i in range(n)])
        jax.jit(jax.shard_map(shift, mesh=ring, in_specs=P("ring"), out_specs=P("ring"))).trace(X)
        """
    assert diags(tmp_path, body) == [(4, "SHL103", "error")]


def test_a_modules_static_fields_stay_inside_shard_map(tmp_path):
    # the module's tuple of axis names is a static field, not data sharded by the spec
    body = """\
        class SyncNorm:
            def __init__(self, axes):
                self.axes = axes
            def __call__(self, x):
                return x / jax.lax.psum(jnp.sum(x), self.axes)

        def step(norm, x):
            return norm(x)

        f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"))
        jax.jit(f).trace(SyncNorm(("x", "batch")), X)
        """
    assert diags(tmp_path, body) == [(5, "SHL006", "error")]


@pytest.mark.parametrize("version, reported", [("0.10.2", [(4, "SHL022", "error")]),
                                               ("0.8.2", [(4, "SHL022", "error")]), ("0.8.1", [])])
def test_a_reduction_over_axes_its_operand_varies_over_only_in_part(tmp_path, version, reported):
    """JAX 0.8.2 on rejects a psum over ('x', 'y') of a value that varies over 'x' only; a
    pytree operand is checked leaf by leaf."""
    body = """\
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
        def loss(w, v):
            out = {"sum": jnp.sum(v @ w), "w": w}
            return jax.lax.psum(out, ("x", "y"))
        f = jax.shard_map(loss, mesh=grid, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(f).trace(jnp.ones((16, 4)), X)
        """
    assert diags(tmp_path, body, **{"jax-version": version}) == reported


def test_a_module_merged_from_its_state_inside_shard_map_computes_from_blocks(tmp_path):
    """`nnx.split` outside, the state through shard_map (replicated), `nnx.merge` inside: the
    layers' parameters are the blocks the spec makes, so what they compute varies exactly as
    their input does (here over 'x' only: a psum over ('x', 'y') of it fails)."""
    assert diags(tmp_path, """\
        from flax import nnx
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
        model = nnx.Linear(16, 4, rngs=nnx.Rngs(0))
        graphdef, state = nnx.split(model)
        def loss(state, v):
            out = nnx.merge(graphdef, state)(v)
            return jax.lax.psum(jnp.sum(out), ("x", "y"))
        f = jax.shard_map(loss, mesh=grid, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(f).trace(state, X)
        """) == [(7, "SHL022", "error")]


def test_a_model_and_optimizer_merged_inside_shard_map_with_an_optax_loss(tmp_path):
    """`nnx.split((model, optimizer))` through a shard_map, merged inside, an Optax loss of the
    model's output: the loss varies over 'x' only, and a pmean of it over ('x', 'y') fails."""
    assert diags(tmp_path, """\
        import optax
        from flax import nnx
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
        model = nnx.Linear(16, 4, rngs=nnx.Rngs(0))
        graphdef, state = nnx.split((model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)))
        def step(state, v):
            model, opt = nnx.merge(graphdef, state)
            loss = optax.l2_loss(model(v)).mean()
            return jax.lax.pmean(loss, ("x", "y"))
        f = jax.shard_map(step, mesh=grid, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(f).trace(state, X)
        """) == [(9, "SHL022", "error")]


def test_a_linen_apply_after_init_runs_setup_with_its_own_variables(tmp_path):
    """A Linen module built in `setup()`, initialised first, then applied inside a shard_map to
    parameters whose specs (a dict, the parameters themselves a jitted function's result) shard
    the hidden layer over 'y': what it computes varies over 'y' until a psum there."""
    assert diags(tmp_path, """\
        import flax.linen as nn
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
        class Block(nn.Module):
            def setup(self):
                self.up = nn.Dense(8)
                self.down = nn.Dense(16, use_bias=False)
            def __call__(self, v):
                return jax.lax.psum(self.down(nn.relu(self.up(v))), "y")
        SPECS = {"up": {"kernel": P(None, "y"), "bias": P("y")}, "down": {"kernel": P("y", None)}}
        model = Block()
        init = jax.shard_map(lambda v: model.init(jax.random.key(0), v)["params"], mesh=grid, in_specs=P(),
                             out_specs=SPECS)
        params = jax.jit(init)(X)
        def loss(params, v):
            out = jnp.mean(model.apply({"params": params}, v) ** 2)
            return jax.lax.pmean(out, ("x", "y"))
        f = jax.shard_map(loss, mesh=grid, in_specs=(SPECS, P("x")), out_specs=P())
        jax.jit(f).trace(params, X)
        """) == [(16, "SHL022", "error")]


def test_a_custom_vjp_under_grad_returns_what_its_forward_rule_does(tmp_path):
    """Differentiated, a custom_vjp function runs its forward rule, whose first output is the
    value: an all_gather there varies over 'x', and a loss of it under out_specs P() fails."""
    assert diags(tmp_path, """\
        @jax.custom_vjp
        def gather(v):
            return jax.lax.all_gather(v, "x", tiled=True)
        gather.defvjp(lambda v: (gather(v), None), lambda _, g: (jax.lax.psum_scatter(g, "x", tiled=True),))
        def step(v):
            loss, grad = jax.value_and_grad(lambda v: jnp.sum(gather(v)))(v)
            return loss
        jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(8, "SHL016", "error")]


@pytest.mark.parametrize("version, printed", [("0.10.2", "P(('x', 'model'),)"),
                                              ("0.8.2", "PartitionSpec(('x', 'model'),)"),
                                              ("0.6.2", "PartitionSpec(('x', 'model'),)")])
def test_a_named_sharding_over_a_mesh_without_its_axis(tmp_path, version, printed):
    """JAX checks a NamedSharding's axes against its mesh where it is made, on every version (the
    spec printed as that version prints it); nothing after it on that path runs, and a mesh
    that may be one with the axis is no evidence."""
    (tmp_path / "prog.py").write_text(HEAD + textwrap.dedent("""\
        def place(x):
            return jax.device_put(x, NamedSharding(mesh, P(("x", "model"))))
        def either(x, wide):
            m = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "model")) if wide else mesh
            return jax.device_put(x, NamedSharding(m, P(("x", "model"))))
        def step(x):
            return jax.lax.psum(x, "x")
        either(jnp.ones(8), os.environ.get("WIDE") == "1")
        place(jnp.ones(8))
        jax.jit(step)(jnp.ones(8))
        """).replace("def place", "from jax.sharding import NamedSharding\ndef place", 1))
    res = check([tmp_path], parse_table({"backend": "gpu", "jax-version": version}, tmp_path, None),
                use_cache=False)
    found = [(d.line - HEAD_LINES, d.code) for d in res.diagnostics]
    assert found == [(3, "SHL023")]
    assert f"Resource axis: model of {printed} is not found in mesh: ('x',)." in res.diagnostics[0].message


@pytest.mark.parametrize("read, want", [
    ('os.environ.get("AXIS", "y")', [(3, "SHL006", "error")]),  # the script run without AXIS set
    ('os.getenv("AXIS", "x")', []),
    ('os.environ.get("AXIS")', [(3, "SHL006", "warning")]),  # not known: on some paths only
])
def test_a_variable_read_from_the_environment_with_a_default_is_that_default(tmp_path, read, want):
    """As argparse gives a flag its default, `os.environ.get(name, default)` is what a script
    run without the variable set reads; a variable read without a default is not known."""
    assert diags(tmp_path, f"""\
        AXIS = {read}
        def step(v):
            return jax.lax.psum(v, AXIS if AXIS else "y")
        jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == want


def test_a_contextmanager_runs_its_generator_when_entered(tmp_path):
    """`@contextlib.contextmanager`: what the generator does before and after its yield runs
    where the `with` enters it (an API the target JAX lacks is reported there)."""
    assert diags(tmp_path, """\
        import contextlib
        @contextlib.contextmanager
        def mesh_context(m):
            with jax.sharding.use_mesh(m):
                yield m
        with mesh_context(mesh):
            pass
        """, **{"jax-version": "0.8.2"}) == [(4, "SHL008", "error")]


def test_tree_map_over_a_registered_pytree_class_maps_its_children(tmp_path):
    """`@register_pytree_node_class`: jax.tree.map maps what `tree_flatten` gives and rebuilds the
    instance with `tree_unflatten` (its aux data, the axes, kept): the psum mapped over the
    children sees each leaf as it varies (over 'x' only: reduced over ('x', 'y'), an error), and
    the rebuilt instance's methods work."""
    assert diags(tmp_path, """\
        from jax.tree_util import register_pytree_node_class
        grid = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
        @register_pytree_node_class
        class Metrics:
            def __init__(self, total, count, axes=("x", "y")):
                self.total, self.count, self.axes = total, count, axes
            def tree_flatten(self):
                return (self.total, self.count), self.axes
            @classmethod
            def tree_unflatten(cls, axes, children):
                return cls(*children, axes=axes)
            def reduce(self):
                return jax.tree.map(lambda v: jax.lax.psum(v, self.axes), self)
            def mean(self):
                return self.total / self.count
        def evaluate(v):
            return Metrics(jnp.sum(v), jnp.float32(v.shape[0])).reduce().mean()
        jax.jit(jax.shard_map(evaluate, mesh=grid, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(13, "SHL022", "error")]


@pytest.mark.parametrize("version, smap, named, said", [
    ("0.10.2", "jax.shard_map", True, "manual_axis_type field of ShapedArray"),
    ("0.8.2", "jax.shard_map", True, "Got axis: x of type AxisType.Auto"),
    ("0.6.2", "shard_map", False, "requires a non-empty mesh")])
def test_sharding_constraints_inside_a_shard_map_by_version(tmp_path, version, smap, named, said):
    """Measured on each version: a bare spec naming a manual axis fails everywhere (JAX 0.6.2
    with another error); a NamedSharding of a value that varies over one fails from JAX 0.8,
    whose shard_map types what varies (the message each version raises)."""
    for name, constraint in (("bare", 'P("x")'), ("named", "NamedSharding(mesh, P())")):
        (tmp_path / f"{name}.py").write_text(HEAD + textwrap.dedent(f"""\
            from jax.experimental.shard_map import shard_map
            from jax.sharding import NamedSharding
            def f(x):
                return jax.lax.with_sharding_constraint(x * 2, {constraint})
            jax.jit({smap}(f, mesh=mesh, in_specs=P("x"), out_specs=P("x"))).trace(X)
            """))
    res = check([tmp_path], parse_table({"backend": "gpu", "jax-version": version}, tmp_path, None), use_cache=False)
    found = sorted((Path(d.path).stem, d.line - HEAD_LINES, d.code) for d in res.diagnostics)
    assert found == [("bare", 4, "SHL024")] + ([("named", 4, "SHL024")] if named else [])
    assert said in res.diagnostics[-1].message


@pytest.mark.parametrize("version, said", [("0.10.2", "IndivisibleError: Sharding NamedSharding(...) implies that "
                                                      "array axis 0 is partitioned 4 times, but the dimension size is 6"),
                                           ("0.8.2", "ValueError: One of device_put args was given the sharding"),
                                           ("0.6.2", "ValueError: One of device_put args was given the sharding")])
def test_an_uneven_device_put_by_version(tmp_path, version, said):
    """Measured on each version: a device_put that splits 6 rows over 4 devices raises there,
    with the message that version prints; an even split does not."""
    assert diags(tmp_path, """\
        from jax.sharding import NamedSharding
        rows = NamedSharding(mesh, P("x"))
        jax.device_put(jnp.ones((8, 3)), rows)
        jax.device_put(jnp.ones((6, 3)), rows)
        """, **{"jax-version": version}) == [(4, "SHL027", "error")]
    res = check([tmp_path], parse_table({"backend": "gpu", "jax-version": version}, tmp_path, None), use_cache=False)
    assert said in res.diagnostics[0].message


def test_every_error_rule_says_what_jax_raises():
    """verdicts.RAISES tells a failure a handler swallows from one it does not: every error
    rule that stands for a JAX failure is in it."""
    from shardlint.analysis.rules import RULES
    from shardlint.analysis.verdicts import RAISES

    missing = [code for code, rule in RULES.items()
               if rule.severity.value == "error" and code != "SHL000" and code not in RAISES]
    assert not missing


def test_a_sharding_error_a_handler_catches_is_not_reported(tmp_path):
    assert diags(tmp_path, """\
        from jax.sharding import NamedSharding
        try:
            x = jax.device_put(jnp.ones((6, 3)), NamedSharding(mesh, P("x")))
        except ValueError:
            x = jnp.ones((8, 3))
        """) == []


def test_an_array_computed_from_one_without_a_sharding_has_none(tmp_path):
    """`jnp.arange(64.0).reshape(16, 4)` is as unplaced as the arange: over the Explicit axes of
    JAX 0.10's make_mesh, shard_map checks the specs against it (and a placed copy made beside it
    under another name does not change that)."""
    assert diags(tmp_path, """\
        from jax.sharding import NamedSharding
        emesh = jax.make_mesh((4,), ("data",))
        x = jnp.arange(64.0).reshape(16, 4)
        x_sharded = jax.device_put(x, NamedSharding(emesh, P("data")))
        f = jax.shard_map(lambda v: jax.lax.psum(v.sum(), "data"), mesh=emesh, in_specs=P("data"), out_specs=P())
        jax.jit(f).trace(x_sharded.astype(jnp.bfloat16))
        jax.jit(f).trace(x)
        """) == [(7, "SHL011", "error")]


@pytest.mark.parametrize("version, found", [("0.10.2", []), ("0.6.2", [(8, "SHL006", "error")])])
def test_an_import_fallback_runs_only_where_the_import_fails(tmp_path, version, found):
    """`try: from jax import set_mesh` / `except ImportError:` an older spelling: on a JAX that
    has set_mesh the fallback never runs (its wrong axis is no finding); on 0.6.2 only it runs."""
    assert diags(tmp_path, """\
        try:
            from jax import set_mesh
            AXIS = "x"
        except ImportError:
            set_mesh = None
            AXIS = "batch"
        def step(v):
            return jax.lax.psum(v, AXIS)
        f = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P())
        jax.jit(f).trace(jnp.ones(8))
        """, **{"jax-version": version}) == found


@pytest.mark.parametrize("version, found", [("0.10.2", [(4, "SHL106", "error")]), ("0.6.2", [])])
def test_a_pmap_ring_past_its_mapped_size(tmp_path, version, found):
    """pmap is a shard_map over its mapped dimension from JAX 0.8 (4 here, the input's leading
    dimension): an index of 4 is out of range where it lowers (measured on 0.10.2)."""
    assert [d for d in diags(tmp_path, """\
        import functools
        @functools.partial(jax.pmap, axis_name="ring")
        def shift(x):
            return jax.lax.ppermute(x, "ring", [(i, i + 1) for i in range(4)])
        jax.jit(shift).trace(jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
        """, **{"jax-version": version}) if d[2] == "error"] == found


@pytest.mark.parametrize("flax, keyword, found", [("0.11.2", "check_vma", [(2, "SHL008", "error")]),
                                                  ("0.12.8", "check_vma", []),
                                                  ("0.12.8", "check_rep", [(2, "SHL008", "error")])])
def test_nnx_shard_map_keywords_by_flax_version(tmp_path, flax, keyword, found):
    """Flax 0.11's nnx.shard_map takes check_rep=, 0.12's check_vma= (their signatures)."""
    assert diags(tmp_path, f"""\
        from flax import nnx
        f = nnx.shard_map(lambda v: jax.lax.psum(v, "x"), mesh=mesh, in_specs=P("x"), out_specs=P(), {keyword}=False)
        jax.jit(f).trace(jnp.ones(8))
        """, **{"jax-version": "0.8.2", "flax-version": flax}) == found


def test_arguments_after_a_spread_of_unknown_length_have_unknown_places(tmp_path):
    # `reduce(*names, x)`: which parameter `x` binds is not known, so `axis` is not "x"'s
    # default; `P(*names)` is no known spec either
    assert diags(tmp_path, """\
        names = os.environ["AXES"].split(",")
        def reduce(v, axis="y"):
            return jax.lax.psum(v, axis)
        def body(x):
            return reduce(*names, x) * jax.lax.axis_index("x")
        step = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P(*names))
        jax.jit(step).trace(X)
        """) == []


def test_builtin_map_calls_the_function_on_each_item(tmp_path):
    # `q, k = map(split, (x, x))`: what the function returns for each, in order; the sum
    # carried from a zeros init varies over 'x' after the first step
    assert diags(tmp_path, """\
        def body(x):
            def split(t):
                return t * 2
            q, k = map(split, (x, x))
            def step(_, carry):
                acc, k = carry
                return acc + q * k, jax.lax.ppermute(k, "x", [(i, (i + 1) % 4) for i in range(4)])
            return jax.lax.fori_loop(0, 4, step, (jnp.zeros((2, 16)), k))[0]
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))).trace(X)
        """) == [(8, "SHL013", "error")]


def test_a_generator_gives_what_it_yields(tmp_path):
    # a data loader's batches of 6 rows, sliced from a numpy array, placed over 4 devices
    assert diags(tmp_path, """\
        from jax.sharding import NamedSharding
        def batches(xs, size):
            for start in range(0, xs.shape[0] - size + 1, size):
                yield xs[start:start + size]
        data = np.random.rand(24, 2).astype(np.float32)
        for x in batches(data, 6):
            jax.device_put(jnp.asarray(x), NamedSharding(mesh, P("x")))
        first = next(batches(data, 8))
        """) == [(7, "SHL027", "error")]


def test_a_generator_whose_yields_surely_run_is_iterated_item_by_item(tmp_path):
    # the last of three batches has 6 rows: the loop over them fails on that one, eagerly
    # constrained by `eqx.filter_shard`; where a yield may not run (an unknown test around it)
    # which batches come is not known
    body = """\
        import equinox as eqx
        from jax.sharding import NamedSharding
        def batches(xs, size):
            for start in range(0, xs.shape[0], size):
                {guard}yield xs[start:start + size]
        data = np.ones((70, 8), np.float32)
        for x in batches(data, 32):
            eqx.filter_shard(jnp.asarray(x), NamedSharding(mesh, P("x")))
        """
    assert diags(tmp_path, body.format(guard="")) == [(8, "SHL027", "error")]
    assert diags(tmp_path, body.format(guard="if os.environ.get('ALL'): ")) == []


def test_a_program_that_fails_on_every_device_count_each_at_its_own_place(tmp_path):
    # over every device of the machine: on 4 devices the ring's perm overflows, on 8 the batch of
    # 4 rows does not split; no count lowers it, so each count's error is reported, unfixed
    found = check_program(tmp_path, """\
        from jax.sharding import NamedSharding
        ring = Mesh(np.array(jax.devices()), ("s",))
        perm = [(i, i + 1) for i in range(4)]
        x = jax.device_put(jnp.ones((4, 8)), NamedSharding(ring, P("s")))
        f = jax.shard_map(lambda v: jax.lax.ppermute(v, "s", perm), mesh=ring, in_specs=P("s"), out_specs=P("s"))
        jax.jit(f).trace(x)
        """)
    assert sorted((d.line - HEAD_LINES, d.code) for d in found) == [(4, "SHL027"), (5, "SHL106")]
    assert all("holds on 8 devices" in d.message or "holds on 4 devices" in d.message for d in found)
    assert all(d.fix is None and not d.fix_facts for d in found)


def test_json_text_the_program_writes_is_read(tmp_path):
    # a config's axis names, as a JSON list: all_gather hashes its axes, and a list is not hashable
    assert diags(tmp_path, """\
        import json
        CONFIG = json.loads('{"dp_axes": ["x"], "tiled": true}')
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, CONFIG["dp_axes"], tiled=CONFIG["tiled"]),
                          mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """) == [(3, "SHL021", "error")]


@pytest.mark.parametrize("load", [
    # the config next to the script, by every usual road to it
    'json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "config.json")))',
    'json.loads((pathlib.Path(__file__).resolve().parent / "config.json").read_text())',
    'json.loads(pathlib.Path(__file__).with_name("config.json").read_text())',
    'json.load(open("config.json"))',  # from the folder the script runs in
    'json.loads(open(str(pathlib.Path(__file__).parent.joinpath("config.json")), "r").read())',
])
def test_a_config_read_from_a_json_file_holds_its_values(tmp_path, load):
    (tmp_path / "config.json").write_text('{"dp_axes": ["x"], "mesh": {"axes": ["x"]}}')
    assert diags(tmp_path, f"""\
        import json
        import pathlib
        CONFIG = {load}
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, CONFIG["dp_axes"], tiled=True),
                          mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """) == [(4, "SHL021", "error")]


def test_a_config_file_read_in_a_with_block_through_an_attribute_dict(tmp_path):
    (tmp_path / "config.json").write_text('{"dp_axes": ["x"]}')
    assert diags(tmp_path, """\
        import json
        class AttrDict(dict):
            __getattr__ = dict.__getitem__
        with open(os.path.join(os.path.dirname(__file__), "config.json")) as fh:
            cfg = AttrDict(json.load(fh))
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, cfg.dp_axes, tiled=True),
                          mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """) == [(6, "SHL021", "error")]


def test_a_config_file_not_there_or_not_json_is_not_known(tmp_path):
    (tmp_path / "broken.json").write_text('{"dp_axes": ["x"')
    body = """\
        import json
        CONFIG = json.load(open("{name}"))
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, CONFIG["dp_axes"], tiled=True),
                          mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """
    assert diags(tmp_path, body.format(name="missing.json")) == []
    assert diags(tmp_path, body.format(name="broken.json")) == []


def test_an_edited_config_file_is_read_again(tmp_path):
    # the store re-analyses a program whose data file changed, as it does for an installed library
    (tmp_path / "config.json").write_text('{"dp_axes": ["x"]}')
    (tmp_path / "prog.py").write_text(HEAD + textwrap.dedent("""\
        import json
        CONFIG = json.load(open("config.json"))
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, CONFIG["dp_axes"], tiled=True),
                          mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        jax.jit(f).trace(X)
        """))
    cfg = parse_table({"backend": "gpu"}, tmp_path, None)
    assert [d.code for d in check([tmp_path], cfg).diagnostics] == ["SHL021"]
    (tmp_path / "config.json").write_text('{"dp_axes": "x"}')
    assert check([tmp_path], cfg).diagnostics == []


@pytest.mark.parametrize("other, expected", [
    ("incoming", [(8, "SHL013", "error")]),  # the parameter is replicated, the activation varies over x
    ("jnp.zeros_like(start)", []),
])
def test_a_linen_param_under_apply_is_the_variables_array(tmp_path, other, expected):
    assert diags(tmp_path, f"""\
        import flax.linen as nn
        from jax import lax
        class Start(nn.Module):
            @nn.compact
            def __call__(self, incoming):
                start = self.param("start", nn.initializers.zeros, incoming.shape)
                first = lax.axis_index("x") == 0
                return lax.cond(first, lambda: start, lambda: {other})
        layer = Start()
        f = jax.shard_map(lambda params, v: layer.apply({{"params": params}}, v), mesh=mesh,
                          in_specs=(P(), P("x")), out_specs=P("x"))
        jax.jit(f).trace({{"start": jax.ShapeDtypeStruct((2, 16), jnp.float32)}}, X)
        """) == expected


@pytest.mark.parametrize("where, expected", [
    ("init", [(6, "SHL005", "error")]),  # init runs the NNX module outside the shard_map
    ("apply", []),
])
def test_an_nnx_class_in_linen_runs_where_the_linen_module_does(tmp_path, where, expected):
    run = ("variables = model.init(jax.random.key(0), jnp.ones((8, 16)))" if where == "init" else
           "f = jax.shard_map(lambda v, x: model.apply(v, x), mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'))\n"
           "jax.jit(f).trace({}, X)")
    assert diags(tmp_path, textwrap.dedent("""\
        from flax import linen as nn, nnx
        class Shift(nnx.Module):
            def __init__(self, *, rngs):
                pass
            def __call__(self, x):
                return jax.lax.ppermute(x, "x", [(i, (i + 1) % 4) for i in range(4)])
        class Model(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nnx.bridge.to_linen(Shift)(x)
        model = Model()
        """) + run) == expected


@pytest.mark.parametrize("call, expected", [
    ("model(jnp.ones((8, 16)))", [(5, "SHL005", "error")]),
    ("nnx.bridge.lazy_init(model, jnp.ones((8, 16)))", [(5, "SHL005", "error")]),
    ("jax.jit(jax.shard_map(lambda x: model(x), mesh=mesh, in_specs=P('x'), out_specs=P())).trace(X)", []),
])
def test_a_linen_module_in_nnx_runs_where_it_is_called(tmp_path, call, expected):
    assert diags(tmp_path, textwrap.dedent("""\
        from flax import linen as nn, nnx
        class Total(nn.Module):
            @nn.compact
            def __call__(self, x):
                return jax.lax.psum(x, "x")
        model = nnx.bridge.ToNNX(Total(), rngs=nnx.Rngs(0))
        """) + call) == expected


@pytest.mark.parametrize("out_specs, expected", [
    ('P("x")', [(11, "SHL016", "error")]),  # the kernel's columns are split: so is what it computes
    ('P("x", "y")', []),
])
def test_an_nnx_module_merged_from_a_pure_dict_holds_its_arrays(tmp_path, out_specs, expected):
    assert diags(tmp_path, f"""\
        from flax import nnx
        class Head(nnx.Module):
            def __init__(self, rngs):
                self.out = nnx.Linear(16, 32, use_bias=False, rngs=rngs)
            def __call__(self, h):
                return self.out(h)
        graphdef, state = nnx.split(Head(nnx.Rngs(0)))
        mesh2 = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
        local = jax.shard_map(lambda kernel, h: nnx.merge(graphdef, {{"out": {{"kernel": kernel}}}})(h),
                              mesh=mesh2, in_specs=(P(None, "y"), P("x")), out_specs={out_specs})
        jax.jit(local).trace(jnp.ones((16, 32)), jnp.ones((8, 16)))
        """) == expected


def test_keywords_spread_from_one_of_two_dicts(tmp_path):
    # `**opts` where opts is either dict: check_vma is False whichever it is
    assert diags(tmp_path, """\
        if os.environ.get("FAST"):
            opts = dict(check_vma=False)
        else:
            opts = dict(check_vma=False, axis_names={"x"})
        f = jax.shard_map(lambda v: jax.lax.all_gather(v, "x", tiled=True), mesh=mesh,
                          in_specs=P("x"), out_specs=P(), **opts)
        jax.jit(f).trace(X)
        """) == []


def test_a_fallback_import_that_never_runs_leaves_its_keywords_unbound(tmp_path):
    # jax.shard_map is in 0.6.2: the handler's check_rep (which jax.shard_map lacks) never meets it
    assert diags(tmp_path, """\
        try:
            from jax import shard_map
            NO_CHECK = dict(check_vma=False)
        except ImportError:
            from jax.experimental.shard_map import shard_map
            NO_CHECK = dict(check_rep=False)
        f = shard_map(lambda v: jax.lax.all_gather(v, "x", tiled=True), mesh=mesh,
                      in_specs=P("x"), out_specs=P(), **NO_CHECK)
        jax.jit(f).trace(X)
        """, **{"jax-version": "0.6.2"}) == []


@pytest.mark.parametrize("keyword", ["out_sharding", "sharding", "sharding_names"])
@pytest.mark.parametrize("axis, expected", [("model", [(4, "SHL023", "error")]), ("x", [])])
def test_an_nnx_variable_given_a_sharding_is_sharded_where_it_is_made(tmp_path, keyword, axis, expected):
    # Flax 0.12 places it over the context mesh at once (measured on 0.12.8 with `sharding=`)
    assert diags(tmp_path, f"""\
        from flax import nnx
        class Scale(nnx.Module):
            def __init__(self):
                self.w = nnx.Param(jnp.ones((8, 8)), {keyword}=("{axis}", None))
        with jax.set_mesh(jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))):
            model = Scale()
        """) == expected


@pytest.mark.parametrize("make, expected", [
    # placed where made, as device_put places it: 50257 rows do not split over 4 devices
    ("nnx.Embed(50257, 8, rngs=nnx.Rngs(0), embedding_init=nnx.with_partitioning(init, ('x', None)))",
     [(4, "SHL027", "error")]),
    ("nnx.Embed(50256, 8, rngs=nnx.Rngs(0), embedding_init=nnx.with_partitioning(init, ('x', None)))", []),
    ("nnx.Linear(8, 6, rngs=nnx.Rngs(0), bias_init=nnx.with_partitioning(nnx.initializers.zeros, ('x',)))",
     [(4, "SHL027", "error")]),
    ("nnx.Param(jnp.ones((6, 8)), sharding=('x', None))", [(4, "SHL027", "error")]),
    ("nnx.Param(jnp.ones((8, 6)), sharding=('x', None))", []),
])
def test_an_nnx_variable_placed_where_it_is_made_must_split_evenly(tmp_path, make, expected):
    assert diags(tmp_path, f"""\
        from flax import nnx
        init = nnx.initializers.normal(0.02)
        jax.set_mesh(jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,)))
        layer = {make}
        """) == expected


@pytest.mark.parametrize("heads, expected", [(18, [(2, "SHL111", "error")]), (24, [])])
def test_the_pieces_of_a_split_keep_their_shapes(tmp_path, heads, expected):
    # q, k and v each get heads/3 of the heads, which all_to_all splits over the 4 devices of x
    assert diags(tmp_path, f"""\
        q, k, v = jnp.split(jnp.ones((2, 8, {heads}, 16)), 3, axis=2)
        f = jax.shard_map(lambda t: jax.lax.all_to_all(t, "x", 2, 1, tiled=True), mesh=mesh,
                          in_specs=P(), out_specs=P(None, "x"))
        jax.jit(f).trace(k)
        """) == expected


@pytest.mark.parametrize("out_specs, expected", [('P()', [(5, "SHL016", "error")]), ('P("x")', [])])
def test_a_framework_layers_parameter_read_in_shard_map_is_its_block(tmp_path, out_specs, expected):
    # `lin.weight` split over x by its own spec: what it computes varies over x
    assert diags(tmp_path, f"""\
        import equinox as eqx
        head = eqx.nn.Linear(16, 8, key=jax.random.key(0))
        specs = eqx.tree_at(lambda h: h.weight, jax.tree.map(lambda _: P(), head), P("x", None))
        f = jax.shard_map(lambda h, v: h.weight @ v, mesh=mesh, in_specs=(specs, P()), out_specs={out_specs})
        jax.jit(f).trace(head, jnp.ones((16,)))
        """) == expected


def test_a_class_vmapped_by_equinox_stacks_its_arrays(tmp_path):
    # filter_vmap of the class itself (Equinox's scan-over-layers): each weight is [4, 16, 16]
    assert diags(tmp_path, """\
        import equinox as eqx
        class Block(eqx.Module):
            lin: eqx.nn.Linear
            def __init__(self, key):
                self.lin = eqx.nn.Linear(16, 16, use_bias=False, key=key)
        blocks = eqx.filter_vmap(Block)(jax.random.split(jax.random.key(0), 4))
        specs = eqx.tree_at(lambda b: b.lin.weight, jax.tree.map(lambda _: P(), blocks), P(None, "x", None))
        f = jax.shard_map(lambda b, v: v, mesh=mesh, in_specs=(specs, P()), out_specs=P())
        jax.jit(f).trace(blocks, X)
        """) == []


@pytest.mark.parametrize("axis, expected", [("x", []), ("fsdp", [(4, "SHL006", "error")])])
def test_linen_map_variables_runs_its_trans_in_fn_where_the_module_runs(tmp_path, axis, expected):
    # FSDP: the parameters are gathered over the axis where the module runs (here: a mesh of x)
    assert diags(tmp_path, f"""\
        import functools
        import flax.linen as nn
        def gather(tree):
            return jax.tree.map(lambda p: jax.lax.all_gather(p, "{axis}", axis=0, tiled=True), tree)
        @functools.partial(nn.map_variables, mapped_collections="params", trans_in_fn=gather, init=False)
        class Dense(nn.Dense):
            pass
        model = Dense(8)
        f = jax.shard_map(lambda v, x: model.apply(v, x), mesh=mesh, in_specs=(P("x"), P("x")), out_specs=P("x"))
        params = {{"kernel": jax.ShapeDtypeStruct((16, 8), jnp.float32), "bias": jax.ShapeDtypeStruct((8,), jnp.float32)}}
        jax.jit(f).trace({{"params": params}}, X)
        """) == expected


def test_an_eager_constraint_is_one(tmp_path):
    # run outside jit, `with_sharding_constraint` (as `eqx.filter_shard` always calls it) may
    # refer only to Auto axes, as under jit (measured on JAX 0.10.2)
    assert diags(tmp_path, """\
        import equinox as eqx
        from jax.sharding import NamedSharding
        explicit = jax.make_mesh((4,), ("b",))
        x = eqx.filter_shard(jnp.ones((8, 2)), NamedSharding(explicit, P()))
        y = eqx.filter_shard(jnp.ones((8, 2)), NamedSharding(explicit, P("b")))
        """) == [(5, "SHL025", "error")]


def test_a_contextmanager_enters_the_mesh_in_force_where_it_yields(tmp_path):
    # `with jax.set_mesh(m): yield m` sets the context mesh for the with's body and binds `as`;
    # a legacy `with m: yield m` sets none
    body = """\
        import contextlib
        @contextlib.contextmanager
        def distributed():
            with {enter}:
                yield mesh
        with distributed() as m:
            f = jax.shard_map(lambda x: jax.lax.psum(x, "x"), in_specs=P("x"), out_specs=P())
            jax.jit(f).trace(X)
        """
    assert diags(tmp_path, body.format(enter="jax.set_mesh(mesh)")) == []
    assert [c for _, c, _ in diags(tmp_path, body.format(enter="mesh"))] == ["SHL017"]


@pytest.mark.parametrize("read", ["self.w[...]", "self.w.value", "self.w"])
def test_an_nnx_variable_holds_its_array(tmp_path, read):
    # the module's replicated Param does not vary, so the loss varies over 'x' only; the Flax
    # version decides nothing here
    assert diags(tmp_path, f"""\
        from flax import nnx
        mesh2 = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
        class M(nnx.Module):
            def __init__(self):
                self.w = nnx.Param(jnp.ones((16, 16)))
            def __call__(self, x):
                return x @ {read}
        def f(m, x):
            return jax.lax.psum(jnp.mean(m(x)), ("x", "y"))
        g = nnx.shard_map(f, mesh=mesh2, in_specs=(P(), P("x")), out_specs=P())
        jax.jit(g).trace(M(), X)
        """, **{"jax-version": "0.8.2"}) == [(9, "SHL022", "error")]


def test_an_nnx_states_entry_is_set_by_name(tmp_path):
    # specs made for every entry of the state, then one set by name: the module's Param is
    # sharded over 'y', so what it computes varies there too
    assert diags(tmp_path, """\
        from flax import nnx
        mesh2 = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
        class M(nnx.Module):
            def __init__(self):
                self.w = nnx.Param(jnp.ones((16, 16)))
            def __call__(self, x):
                return x @ self.w[...]
        graphdef, state = nnx.split(M())
        specs = jax.tree.map(lambda _: P(), state)
        specs["w"] = P(None, "y")
        def f(state, x):
            return jax.lax.psum(nnx.merge(graphdef, state)(x), "x")
        g = jax.shard_map(f, mesh=mesh2, in_specs=(specs, P("x")), out_specs=P())
        jax.jit(g).trace(state, X)
        """)[0][1] == "SHL016"


def test_a_state_of_specs_splits_an_initialized_param_unevenly(tmp_path):
    # one shared kv head (dimension 1 of the Param an initializer makes) split over 4 devices
    assert diags(tmp_path, """\
        from flax import nnx
        class KV(nnx.Module):
            def __init__(self, rngs):
                self.w = nnx.Param(nnx.initializers.normal()(rngs.params(), (2, 1, 16)))
            def __call__(self, x):
                return x @ self.w[0, 0]
        graphdef, state = nnx.split(KV(nnx.Rngs(0)))
        specs = jax.tree.map(lambda _: P(), state)
        specs["w"] = P(None, "x")
        f = jax.shard_map(lambda s, x: nnx.merge(graphdef, s)(x), mesh=mesh, in_specs=(specs, P()), out_specs=P())
        jax.jit(f).trace(state, X)
        """) == [(11, "SHL015", "error")]


def test_an_or_guard_stops_at_an_api_the_version_has(tmp_path):
    # `pltpu.CompilerParams` exists on 0.10: `or` never reads the old name
    assert diags(tmp_path, """\
        from jax.experimental.pallas import tpu as pltpu
        CompilerParams = getattr(pltpu, "CompilerParams", None) or pltpu.TPUCompilerParams
        """, **{"jax-version": "0.10.2"}) == []


@pytest.mark.parametrize("test, found", [
    # Python compares the strings: '0.6.2' >= '0.10.0' is True, and 0.6.2 has no set_mesh
    ("jax.__version__ >= '0.10.0'", [(2, "SHL008", "error")]),
    # a test the analysis cannot decide still guards what it reaches
    ("os.environ.get('JAX_VERSION', '') >= '0.10.0'", []),
])
def test_a_version_guard_guards_only_where_its_test_is_not_decided(tmp_path, test, found):
    assert diags(tmp_path, f"""\
        if {test}:
            enter = jax.set_mesh
        else:
            enter = jax.sharding.use_mesh
        """, **{"jax-version": "0.6.2"}) == found


def test_an_equinox_mlp_is_made_of_linear_layers_as_equinox_makes_them():
    from shardlint.analysis.interp.frameworks import mlp_layers

    assert mlp_layers({"in_size": 16, "out_size": 10, "width_size": 64, "depth": 2}) == [
        {"in_features": 16, "out_features": 64, "use_bias": True},
        {"in_features": 64, "out_features": 64, "use_bias": True},
        {"in_features": 64, "out_features": 10, "use_bias": True}]
    assert mlp_layers({"in_size": 3, "out_size": "scalar", "width_size": 8, "depth": 0, "use_final_bias": False}) \
        == [{"in_features": 3, "out_features": "scalar", "use_bias": False}]
    assert [k["use_bias"] for k in mlp_layers({"in_size": 3, "out_size": 4, "width_size": 8, "depth": 1,
                                               "use_bias": False})] == [False, True]
    assert mlp_layers({"in_size": 3, "out_size": 4, "width_size": 8, "depth": -1}) is None


@pytest.mark.parametrize("before, expected", [
    ("", [(4, "SHL026", "error")]),
    ('flax.config.update("flax_always_shard_variable", False)', []),
    ('flax.config.update("flax_always_shard_variable", True)', [(4, "SHL026", "error")]),
])
def test_flax_config_sets_whether_nnx_variables_are_sharded_where_made(tmp_path, before, expected):
    # no mesh context: Flax 0.12 raises where it places the variable, unless that is off
    assert diags(tmp_path, f"""\
        import flax
        from flax import nnx
        {before}
        layer = nnx.Linear(8, 8, rngs=nnx.Rngs(0), kernel_init=nnx.with_partitioning(nnx.initializers.ones, ("x", None)))
        """) == expected


@pytest.mark.parametrize("rules, extra, expected", [
    ('(("embed", "x"),)', "", []),
    ('(("embed", "model"),)', "", [(5, "SHL023", "error")]),
    ('(("mlp", "x"),)', "", [(5, "SHL023", "error")]),  # a name no rule has stays as it is
    ('(("mlp", "x"),)', ', sharding_rules=(("embed", None),)', []),  # the variable's own rules add to them
    ("tuple(json.loads(os.environ['RULES']))", "", []),  # rules not known: not judged
])
def test_logical_axis_rules_rename_an_nnx_variables_sharding(tmp_path, rules, extra, expected):
    assert diags(tmp_path, f"""\
        import json
        from flax import nnx
        init = nnx.with_partitioning(nnx.initializers.ones, ("embed", None){extra})
        with jax.set_mesh(jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))), nnx.logical_axis_rules({rules}):
            layer = nnx.Linear(8, 8, rngs=nnx.Rngs(0), kernel_init=init)
        """) == expected


@pytest.mark.parametrize("rules, expected", [('(("embed", "x"),)', []), ('(("embed", "model"),)', [(5, "SHL023", "error")])])
def test_set_logical_axis_rules_holds_from_then_on(tmp_path, rules, expected):
    assert diags(tmp_path, f"""\
        import flax.linen as nn
        from flax import nnx
        nn.set_logical_axis_rules({rules})
        jax.set_mesh(jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,)))
        layer = nnx.Linear(8, 8, rngs=nnx.Rngs(0), kernel_init=nnx.with_partitioning(nnx.initializers.ones, ("embed", None)))
        """) == expected


@pytest.mark.parametrize("rows, expected", [(50257, [(11, "SHL027", "error")]), (50256, [])])
def test_an_nnx_states_named_shardings_follow_its_variables(tmp_path, rows, expected):
    # `nnx.get_named_sharding` of an abstract state, each variable's from its metadata, as
    # jit's out_shardings for the state made again: each must split its variable evenly
    assert diags(tmp_path, f"""\
        from flax import nnx
        class Embedder(nnx.Module):
            def __init__(self, rngs):
                init = nnx.with_partitioning(nnx.initializers.normal(0.02), ("x", None))
                self.wte = nnx.Embed({rows}, 64, embedding_init=init, rngs=rngs)
                self.ln = nnx.LayerNorm(64, rngs=rngs)
        nnx.use_eager_sharding(False)
        _, abstract_state = nnx.split(nnx.eval_shape(lambda: Embedder(nnx.Rngs(0))))
        shardings = nnx.get_named_sharding(abstract_state, mesh)
        init = jax.jit(lambda key: nnx.state(Embedder(nnx.Rngs(key))), out_shardings=shardings)
        init.trace(jax.random.key(0))
        """) == expected


@pytest.mark.parametrize("classes, expected", [(10, [(10, "SHL027", "error")]), (12, [])])
@pytest.mark.parametrize("make", ["Net(nnx.Rngs(0))", "nnx.Sequential(Net(nnx.Rngs(0)).body, Net(nnx.Rngs(1)).head)"])
def test_a_tree_of_shardings_made_from_a_tree_of_specs_places_each_parameter(tmp_path, classes, expected, make):
    # one spec for every parameter, then a NamedSharding of each: the head's bias is split too
    assert diags(tmp_path, f"""\
        from flax import nnx
        class Net(nnx.Module):
            def __init__(self, rngs):
                self.body = nnx.Linear(64, 64, rngs=rngs)
                self.head = nnx.Linear(64, {classes}, rngs=rngs)
        model = {make}
        params = nnx.state(model, nnx.Param)
        specs = jax.tree.map(lambda _: P("x"), params)
        shardings = jax.tree.map(lambda s: jax.sharding.NamedSharding(mesh, s), specs)
        params = jax.device_put(params, shardings)
        """) == expected


def test_linen_init_gives_its_variables_only_where_the_whole_run_is_known(tmp_path):
    """A spec dict without the second Dense's entry fails JAX's structure check where `init` is
    known to make that Dense; where it may not (a branch not known, a function not followed, a
    lift that stacks variables), nothing is claimed of the variables' structure."""
    body = """\
        import flax.linen as nn
        class Mlp(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(16, name="up")(x)
                {extra}
                return h
        params = Mlp().init(jax.random.key(0), jnp.ones((8, 16)))["params"]
        specs = {{"up": {{"kernel": P(), "bias": P()}}}}
        jax.jit(jax.shard_map(lambda p, x: x, mesh=mesh, in_specs=(specs, P("x")), out_specs=P("x"))).trace(params, X)
        """
    assert diags(tmp_path, body.format(extra="pass")) == []
    assert diags(tmp_path, body.format(extra="h = nn.Dense(16)(h)")) == [(10, "SHL015", "error")]
    assert diags(tmp_path, body.format(extra="h = nn.Dense(16)(h) if os.environ.get('DEEP') else h")) == []
    assert diags(tmp_path, body.format(extra="h = nn.scan(nn.Dense, variable_axes={'params': 0}, length=2)(16)(h)")) \
        == []


def _package(tmp_path: Path, init: str) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(init)
    (tmp_path / "pkg" / "ring.py").write_text("import jax\n\n\ndef ring(x):\n    return jax.lax.psum(x, 'x')\n")


def test_from_a_package_import_takes_what_the_package_binds_before_its_submodule(tmp_path):
    """`from pkg import ring` gives what `pkg/__init__.py` binds to `ring` (the function it
    re-exports from its submodule `ring`), as Python does; where the package binds no such
    name, the submodule."""
    _package(tmp_path, "from .ring import ring\n")
    found = check_program(tmp_path, """\
        from pkg import ring
        jax.jit(ring).trace(X)
        """)
    assert [(Path(d.path).name, d.line, d.code) for d in found] == [("ring.py", 5, "SHL005")]


def test_from_a_package_import_gives_the_submodule_the_package_does_not_rebind(tmp_path):
    _package(tmp_path, "")
    found = check_program(tmp_path, """\
        from pkg import ring
        jax.jit(ring.ring).trace(X)
        """)
    assert [(Path(d.path).name, d.line, d.code) for d in found] == [("ring.py", 5, "SHL005")]


def test_getattr_of_an_object_not_followed_is_not_its_default(tmp_path):
    # the config may hold the attribute: the default is one value of two, not the value
    assert diags(tmp_path, """\
        import json
        cfg = json.loads(os.environ["CONFIG"])
        def body(x):
            return jax.lax.psum(x, getattr(cfg, "axis", "y"))
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == []


def test_globals_of_a_module_are_looked_up_by_name(tmp_path):
    assert diags(tmp_path, """\
        def pmean_grads(g):
            return jax.lax.pmean(g, "x")
        def sync(name):
            return globals()[f"{name}_grads"]
        jax.jit(sync("pmean")).trace(X)
        """) == [(2, "SHL005", "error")]


@pytest.mark.parametrize("enum_class, axis, errors", [
    ("class Axis(enum.Enum):", "Axis.X", [(7, "SHL006", "error")]),  # a member is no mesh axis's name
    ("class Axis(enum.Enum):", "Axis.X.value", []),
    ("class Axis(enum.Enum):", 'Axis("x").value', []),
    ("class Axis(enum.Enum):", 'Axis["X"].value', []),
    ("class Axis(enum.Enum):", "[a.value for a in Axis][0]", []),
    ("class Axis(enum.Enum):", "[a for a in Axis][0]", [(7, "SHL006", "error")]),
    ("class Axis(str, enum.Enum):", "Axis.X", []),  # it is its value
    ("class Axis(enum.StrEnum):", 'Axis("x")', []),
])
def test_enum_members_as_axis_names(tmp_path, enum_class, axis, errors):
    assert diags(tmp_path, f"""\
        import enum
        {enum_class}
            X = "x"
            Y = "y"
        def body(a):
            axis = {axis}
            return jax.lax.psum(a, axis)
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == errors


def test_a_deep_copy_of_a_config_is_a_config_of_its_own(tmp_path):
    assert diags(tmp_path, """\
        import copy
        CONFIG = {"axes": {"batch": "x"}}
        cfg = copy.deepcopy(CONFIG)
        cfg["axes"]["batch"] = "data"
        def body(a):
            return jax.lax.psum(a, CONFIG["axes"]["batch"])
        def wrong(a):
            return jax.lax.psum(a, cfg["axes"]["batch"])
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        jax.jit(jax.shard_map(wrong, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == [(8, "SHL006", "error")]


def test_a_linen_scan_stacks_the_parameters_init_makes_and_apply_reads_one_step(tmp_path):
    """`nn.scan` over 3 layers: `init` makes each parameter with the 3 first (a spec of the
    layer's rank is one short), and the scanned module reads one layer's under `apply`."""
    assert diags(tmp_path, """\
        import flax.linen as nn
        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, _):
                return x + self.param("shift", nn.initializers.zeros, (16,)), None
        class Stack(nn.Module):
            @nn.compact
            def __call__(self, x):
                layers = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True}, length=3)
                return layers(name="layers")(x, None)[0]
        model = Stack()
        params = jax.eval_shape(model.init, jax.random.key(0), X)
        jax.jit(model.apply).trace(params, X)
        specs = jax.tree.map(lambda _: P("x"), params)
        jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(specs, P()), out_specs=P())).trace(params, X)
        """, **{"flax-version": "0.12.8"}) == [(15, "SHL015", "error")]


def test_a_module_attribute_set_from_another_module_rebinds_its_global(tmp_path):
    (tmp_path / "axes.py").write_text('AXIS = "data"\n')
    assert diags(tmp_path, """\
        import axes
        def body(a):
            return jax.lax.psum(a, axes.AXIS)
        axes.AXIS = "x"
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == []


@pytest.mark.parametrize("value, kind, expected", [
    ('P("x")', "P", True), ('P("x")', "jax.sharding.NamedSharding", False),
    ('jax.sharding.NamedSharding(mesh, P("x"))', "jax.sharding.NamedSharding", True),
    ('("x",)', "P", False), ('None', "P", False),
])
def test_isinstance_of_partition_specs_and_shardings(tmp_path, value, kind, expected):
    """`is_leaf=lambda s: isinstance(s, P)` (and a branch on it) is decided."""
    assert diags(tmp_path, f"""\
        def body(a):
            return jax.lax.psum(a, "x") if isinstance({value}, {kind}) else jax.lax.psum(a, "y")
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())).trace(X)
        """) == ([] if expected else [(2, "SHL006", "error")])


def test_tree_map_is_leaf_picks_the_specs(tmp_path):
    assert diags(tmp_path, """\
        specs = {"w": P(None, "y"), "b": P(None)}
        shardings = jax.tree.map(lambda s: jax.sharding.NamedSharding(mesh, s), specs,
                                 is_leaf=lambda s: isinstance(s, P))
        """) == [(2, "SHL023", "error")]


@pytest.mark.parametrize("call, errors", [
    ("jax.jit(f).trace(X).lower()", [(4, "SHL048", "error")]),  # rejected as the jit lowers: blamed there
    ("jax.eval_shape(f, X)", []),  # only traced: never rejected
])
def test_a_shard_map_spec_naming_an_axis_twice_fails_where_it_is_lowered(tmp_path, call, errors):
    mesh2 = 'Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))'
    assert diags(tmp_path, f"""\
        def body(a):
            return a
        f = jax.shard_map(body, mesh={mesh2}, in_specs=P("x", "x"), out_specs=P("x", None))
        {call}
        """) == errors


def test_a_framework_layer_keeps_its_positional_arguments_as_fields(tmp_path):
    """`eqx.nn.Linear(16, 6).out_features` is 6: 6 rows do not scatter over 4 devices."""
    assert diags(tmp_path, """\
        import equinox as eqx
        layer = eqx.nn.Linear(16, 6, key=jax.random.key(0))
        def body(a):
            return jax.lax.psum_scatter(jnp.zeros((layer.out_features, 4)), "x", tiled=True)
        jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))).trace(X)
        """) == [(4, "SHL111", "error")]

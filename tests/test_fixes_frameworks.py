"""Fixes that speak the framework, judged by JAX: each program below (Equinox, Flax Linen, Flax
NNX) fails to lower as written; `shardlint check --fix --unsafe-fixes` rewrites it, and the
rewritten program must lower (real JAX, 4 CPU devices, lowered for GPU) and compute what the
original meant (the same output shapes; every argument still reaches the function), with the
framework's own spelling of the wrap (Equinox's `_filter_shard_map` helper around
`eqx.filter_jit`'s function, `nnx.shard_map` under `nnx.jit`, the wrap around `model.init`
rather than around `jax.eval_shape` or the program that calls it); and the fixes of what these
programs get wrong besides: a scalar metric out of a sharded wrap, a pmean left in a function
JAX partitions automatically, a kernel under a partial's partially manual shard_map, perms that
clamp at the axis' edges or leave out a ring's wrap-around."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table
from shardlint.analysis.fixes import fixes_for
from shardlint.analysis.fixes.edits import apply_edits
from shardlint.analysis.fixes.mesh import TITLE_CONTEXT_MESH

pytestmark = pytest.mark.jax

ENV = {**os.environ, "JAX_PLATFORMS": "cpu", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}

EQX_MODEL = '''
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Net(eqx.Module):
    mlp: eqx.nn.MLP  # holds jax.nn.relu (a custom_jvp) and ints: no array leaves only
    scale: float = 2.0

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(8, 8, width_size=16, depth=1, key=key)

    def __call__(self, x):
        return jax.vmap(self.mlp)(x) * self.scale
'''

PROGRAMS = {
    # eqx.filter_jit decorating a step of a module and a batch
    "eqx_filter_jit_decorator": (EQX_MODEL + '''

@eqx.filter_jit
def forward(model, x):
    y = model(x)
    return y, jax.lax.psum(jnp.sum(y), "data")


model = Net(jr.PRNGKey(0))
y, total = forward(model, jnp.ones((16, 8)))
assert y.shape == (16, 8) and total.shape == (), (y.shape, total.shape)
''', "@_filter_shard_map(mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)"),
    # a stateful BatchNorm-free module whose step returns the module (non-array leaves come
    # back out of the shard_map through the helper)
    "eqx_filter_jit_returns_module": (EQX_MODEL + '''

@eqx.filter_jit
def step(model, x):
    grads = eqx.filter_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    grads = jax.lax.pmean(grads, "batch")
    return eqx.apply_updates(model, jax.tree.map(lambda g: -0.1 * g, grads))


model = Net(jr.PRNGKey(0))
new = step(model, jnp.ones((16, 8)))
assert isinstance(new, Net) and new.mlp.activation is jax.nn.relu and new.scale == 2.0
''', "@_filter_shard_map(mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)"),
    # Equinox's parallelism example: the step places its arguments and its result with
    # eqx.filter_shard over the axis the wrap makes manual; the constraints stay around the
    # shard_map, on the global arrays, and the rest of the body goes inside
    "eqx_filter_shard_stays_outside": (EQX_MODEL + '''
mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
data = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("data"))


@eqx.filter_jit
def forward(model, x):
    """Per-example outputs, scaled by their total."""
    model = eqx.filter_shard(model, jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec()))
    x = eqx.filter_shard(x, data)
    y = model(x)
    return eqx.filter_shard(y / jax.lax.psum(jnp.sum(y), "data"), data)


y = forward(Net(jr.PRNGKey(0)), jnp.ones((16, 8)))
assert y.shape == (16, 8), y.shape
''', "    @_filter_shard_map(mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)\n"
    "    def forward_sharded(model, x):"),
    # a trainer that is given the mesh and jits its step: the wrap uses that mesh, which has
    # every axis the step names (a new mesh of one collective's axis would leave the other
    # unbound, and a later fix rename it)
    "nnx_trainer_holds_its_mesh": ('''
import jax
import jax.numpy as jnp
from flax import nnx


class Trainer:
    def __init__(self, model, mesh):
        self.model = model

        def eval_step(model, x):
            y = jax.lax.psum(model(x), "tensor")
            return jax.lax.pmean(jnp.mean(y), "data")

        self.eval_step = nnx.jit(eval_step)


def main():
    mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    trainer = Trainer(nnx.Linear(8, 8, rngs=nnx.Rngs(0)), mesh)
    trainer.eval_step.trace(trainer.model, jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))


main()
''', "nnx.jit(nnx.shard_map(eval_step, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))"),
    # the call form, and two wraps in one file: one helper
    "eqx_filter_jit_call_twice": (EQX_MODEL + '''

def forward(model, x):
    return jax.lax.psum(model(x), "data")


def index(model, x):
    return model(x) + jax.lax.axis_index("data")


model = Net(jr.PRNGKey(0))
assert eqx.filter_jit(forward)(model, jnp.ones((16, 8))).shape == (16, 8)
assert eqx.filter_jit(index)(model, jnp.ones((16, 8))).shape == (16, 8)
''', "eqx.filter_jit(_filter_shard_map(forward, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))"),
    # eqx.filter_pmap: a psend/precv stage (traced under vmap first, where send/recv fail)
    "eqx_filter_pmap_decorator": ('''
import equinox as eqx
import jax
import jax.numpy as jnp

FORWARD = [(i, i + 1) for i in range(3)]


@eqx.filter_pmap(axis_name="stage")
def stage(x):
    token = jax.lax.psend(x, "stage", FORWARD)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", FORWARD)


out = jax.jit(stage).trace(jnp.ones((4, 8))).out_info
assert out.shape == (4, 8), out.shape
jax.jit(stage).trace(jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
''', '@eqx.filter_jit\n@_filter_shard_map(mesh=mesh, in_specs=P("stage"), out_specs=P("stage"))'),
    # Linen: an eager jax.eval_shape(model.init, ...) of a module that psums
    "linen_eval_shape_init": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return jax.lax.psum(nn.Dense(8)(x), "model")


model = Block()
variables = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((4, 8)))
assert variables["params"]["Dense_0"]["kernel"].shape == (8, 8)
''', "jax.eval_shape(jax.shard_map(model.init, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False), "),
    # Linen: a function of the user's that calls model.init, traced by jax.eval_shape (for the
    # shard's shapes) and by a shard_map that binds the axis: the wrap goes where eval_shape is
    # given the function, which stays as it is for the shard_map
    "linen_eval_shape_of_init_fn": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return jax.lax.psum(nn.Dense(8)(x), "model")


model = Block()
mesh = jax.sharding.Mesh(jax.devices(), ("model",))


def init_local(rng, x):
    return model.init(rng, x)["params"]


shapes = jax.eval_shape(init_local, jax.random.key(0), jnp.ones((4, 8)))
assert shapes["Dense_0"]["kernel"].shape == (8, 8)
init = jax.jit(jax.shard_map(init_local, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
init.trace(jax.random.key(0), jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
''', "jax.eval_shape(jax.shard_map(init_local, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False), "),
    # Linen: a gather of activations (sequence parallel): the data is sharded, the params not
    "linen_gather_params_replicated": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp


class Attention(nn.Module):
    @nn.compact
    def __call__(self, x):
        k = jax.lax.all_gather(nn.Dense(8, name="k")(x), "seq", axis=0, tiled=True)
        return x @ k.T


params = {"params": {"k": {"kernel": jax.ShapeDtypeStruct((8, 8), jnp.float32),
                           "bias": jax.ShapeDtypeStruct((8,), jnp.float32)}}}


@jax.jit
def attend(params, x):
    return Attention().apply(params, x)


out = attend.trace(params, jnp.ones((16, 8)))
assert out.out_info.shape == (16, 16), out.out_info.shape
out.lower(lowering_platforms=("cuda",))
''', '@jax.shard_map(mesh=mesh, in_specs=(P(), P("seq")), out_specs=P("seq"))'),
    # NNX: an nnx.jit train step of a module and its optimizer
    "nnx_jit_step": ('''
import jax
import jax.numpy as jnp
import optax
from flax import nnx


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, jax.lax.pmean(grads, "data"))
    return loss


model = nnx.Linear(8, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
before = model.kernel[...]
loss = train_step(model, optimizer, jnp.ones((16, 8)), jnp.zeros((16, 4)))
assert loss.shape == () and not (model.kernel[...] == before).all()
''', "@nnx.shard_map(mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)"),
    # Linen: an eval step whose one output is a scalar metric: the sharded wrap gives it `P()`,
    # and the next round averages it over the data axis
    "linen_eval_scalar_metric": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp


class Contrastive(nn.Module):
    @nn.compact
    def __call__(self, x):
        z = nn.Dense(8)(x)
        every = jax.lax.all_gather(z, "batch", tiled=True)
        labels = jax.lax.axis_index("batch") * z.shape[0] + jnp.arange(z.shape[0])
        return z @ every.T, labels


model = Contrastive()
params = model.init(jax.random.key(0), jnp.ones((4, 8)))


@jax.jit
def eval_step(params, x):
    logits, labels = model.apply(params, x)
    return jnp.mean(jnp.argmax(logits, -1) == labels)


out = eval_step.trace(params, jnp.ones((16, 8)))
assert out.out_info.shape == (), out.out_info.shape
out.lower(lowering_platforms=("cuda",))
''', 'return jax.lax.pmean(jnp.mean(jnp.argmax(logits, -1) == labels), "batch")'),
    # Linen: an eager model.init of a module that runs a ring of ppermutes, in a program whose
    # forward pass is shard_mapped already: the wrap goes around model.init, not the program
    "linen_eager_init_ring": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Ring(nn.Module):
    @nn.compact
    def __call__(self, x):
        n = 4
        return nn.Dense(8)(jax.lax.ppermute(x, "sp", [(i, (i + 1) % n) for i in range(n)]))


def main():
    mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
    model = Ring()
    forward = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp")))
    params = model.init(jax.random.key(0), jnp.ones((2, 8)))
    x = jax.ShapeDtypeStruct((8, 8), jnp.float32, sharding=jax.sharding.NamedSharding(mesh, P("sp")))
    assert forward.trace(params, x).out_info.shape == (8, 8)


main()
''', "params = jax.shard_map(model.init, mesh=mesh_2, in_specs=P(), out_specs=P(), check_vma=False)("),
    # NNX: a train step jitted over sharded arrays (automatic partitioning) whose loss is
    # pmean'ed as if it ran per device: the pmean goes, the constraint in the model stays
    "nnx_gspmd_leftover_pmean": ('''
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


class Mlp(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return jax.lax.with_sharding_constraint(self.dense(x), P("data", "model"))


def loss_fn(model, x):
    local = jnp.mean(model(x) ** 2)
    return jax.lax.pmean(local, "data")


@nnx.jit
def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = Mlp(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data")))
    assert train_step(model, optimizer, x).shape == ()
''', "    return local\n"),
    # Linen: a Pallas remote-DMA kernel under a shard_map made by a partial that leaves the
    # data axis automatic: the partial's axis_names go, and the one-entry device id addresses
    # the kernel's axis
    "linen_kernel_partial_manual": ('''
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def _kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("x") + 1, lax.axis_size("x"))
    copy = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
                                        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def right_permute(x):
    return pl.pallas_call(
        _kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)], out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)(x)


class Halo(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(128)(jnp.concatenate([right_permute(x[-8:]), x], axis=0))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "x"))
seq_only = functools.partial(jax.shard_map, mesh=mesh, axis_names={"x"}, check_vma=False)
layer = Halo()
params = jax.eval_shape(layer.init, jax.random.key(0), jnp.ones((64, 128)))
apply = jax.jit(seq_only(layer.apply, in_specs=(P(), P("x")), out_specs=P("x")))
apply.trace(params, jax.ShapeDtypeStruct((128, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
''', "seq_only = functools.partial(jax.shard_map, mesh=mesh, check_vma=False)"),
    # Equinox: halo exchanges whose perms clamp at the edges (min/max): the pairs that send a
    # device to itself are the repeats, and go
    "eqx_halo_clamped_perm": ('''
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Halo(eqx.Module):
    n: int = eqx.field(static=True)

    def __call__(self, x):
        to_right = [(i, min(i + 1, self.n - 1)) for i in range(self.n)]
        to_left = [(i, max(i - 1, 0)) for i in range(self.n)]
        left = jax.lax.ppermute(x[-1:], "space", perm=to_right)
        right = jax.lax.ppermute(x[:1], "space", perm=to_left)
        return jnp.concatenate([left, x, right])


mesh = jax.sharding.Mesh(jax.devices(), ("space",))
f = jax.jit(jax.shard_map(Halo(4), mesh=mesh, in_specs=P("space"), out_specs=P("space")))
assert f.trace(jnp.ones((16, 8))).out_info.shape == (24, 8)
f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
''', "to_right = [(i, min(i + 1, self.n - 1)) for i in range(self.n) if i != min(i + 1, self.n - 1)]"),
    # Linen: a ring step whose ring perm, built by a helper, leaves out the wrap-around: it
    # wraps around the axis where the helper writes it
    "linen_ring_perm_helper": ('''
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def ring_perm(n):
    return [(i, i + 1) for i in range(n)]


class RingMix(nn.Module):
    @nn.compact
    def __call__(self, x):
        perm = ring_perm(4)

        def body(_, kv):
            return jax.lax.ppermute(kv, "sp", perm)

        if not self.is_initializing():
            x = x + jax.lax.fori_loop(0, 4, body, x)
        return nn.Dense(8)(x)


model = RingMix()
params = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((2, 8)))
mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Auto,))
f = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp")))
f.trace(params, jnp.ones((8, 8))).lower(lowering_platforms=("cuda",))
''', "return [(i, (i + 1) % n) for i in range(n)]"),
    # an ensemble stacked by nnx.split_rngs + nnx.vmap, its members summed around a ring of
    # psend/precv under a named nnx.vmap (emulated devices): the vmap maps as many members as the
    # Rngs were split into, so the ring is a full permutation of that axis and becomes a ppermute
    "nnx_stacked_ensemble_psend_ring": ('''
import jax
import jax.numpy as jnp
from flax import nnx

N = 4


class Member(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create(rngs):
    return Member(rngs)


@nnx.jit
def ensemble_sum(members, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name="member")
    def each(member, x):
        y = member(x)
        perm = [(i, (i + 1) % N) for i in range(N)]
        tok = jax.lax.psend(y, "member", perm)
        return y + jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "member", perm)
    return each(members, x)


ensemble_sum.trace(create(nnx.Rngs(0)), jnp.ones((2, 8))).lower(lowering_platforms=("cuda",))
''', 'jax.lax.ppermute(y, "member", perm)'),
}


def _run(args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_framework_fix_lowers(name, tmp_path):
    pytest.importorskip("jax")
    pytest.importorskip("equinox" if name.startswith("eqx") else "flax")
    source, expected = PROGRAMS[name]
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent(source).lstrip())
    before = _run([sys.executable, "main.py"], tmp_path)
    assert before.returncode != 0, f"{name} lowers as written: nothing to fix"
    fixed = _run([sys.executable, "-m", "shardlint.server.cli", "check", "--no-cache", "--jax-version", "0.10.2",
                  "--backend", "gpu", "--fix", "--unsafe-fixes", "."], tmp_path)
    text = main.read_text()
    assert expected in text, f"{name}: the fix wrote\n{text}\n{fixed.stdout}{fixed.stderr}"
    assert text.count("def _filter_shard_map") == (1 if "_filter_shard_map" in expected else 0), text
    after = _run([sys.executable, "main.py"], tmp_path)
    assert after.returncode == 0, f"{name}: the fixed program fails\n{text}\n{after.stderr[-3000:]}"


def test_the_sharded_wrap_keeps_the_placement_of_placed_arguments(tmp_path):
    """An eqx.filter_jit step of a ring rotation whose inputs were placed sequence-sharded: the
    sharded wrap gives each its own spec (a rotation of the blocks it was placed in, `q @ k.T`
    of blocks per device), and the program lowers."""
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent('''
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Auto,))
RING = [(i, (i + 1) % 4) for i in range(4)]


class Rotate(eqx.Module):
    def __call__(self, q, k):
        k = jax.lax.ppermute(k, "sp", RING)
        return q @ k.T


seq = NamedSharding(mesh, P("sp", None))
q = jax.device_put(jnp.ones((64, 32)), seq)
k = jax.device_put(jnp.ones((64, 32)), seq)
step = eqx.filter_jit(lambda m, q, k: m(q, k))
out = step(Rotate(), q, k)
assert out.shape == (64, 16), out.shape
''').lstrip())
    config = parse_table({"jax-version": "0.10.2", "backend": "gpu"}, tmp_path, None)
    [diag] = [d for d in check([tmp_path], config, use_cache=False).diagnostics if d.code == "SHL005"]
    [fix] = [f for f in fixes_for(diag, lambda p: Path(p).read_text(), config) if "sharded over sp" in f.title]
    text = apply_edits(main.read_text(), fix.edits)
    assert 'in_specs=(P(), P("sp", None), P("sp", None))' in text, text
    main.write_text(text)
    after = _run([sys.executable, "main.py"], tmp_path)
    assert after.returncode == 0, f"the fixed program fails\n{text}\n{after.stderr[-3000:]}"


def test_nested_nnx_shard_map_keeps_its_mesh(tmp_path):
    """nnx.shard_map requires `mesh=`: the SHL012 fix that drops it is not offered there."""
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent('''
        import jax
        from flax import nnx
        from jax.sharding import PartitionSpec as P

        mesh = jax.sharding.Mesh(jax.devices(), ("x",))


        @nnx.shard_map(mesh=mesh, in_specs=P(), out_specs=P())
        def inner(v):
            return v * 2


        @jax.shard_map(mesh=mesh, in_specs=P("x"), out_specs=P("x"))
        def outer(v):
            return inner(v)


        jax.jit(outer).trace(jax.ShapeDtypeStruct((8,), "float32")).lower(lowering_platforms=("cuda",))
    ''').lstrip())
    config = parse_table({"jax-version": "0.10.2", "backend": "gpu"}, tmp_path, None)
    diags = [d for d in check([tmp_path], config, use_cache=False).diagnostics if d.code == "SHL012"]
    assert diags, "SHL012 is not reported for the nested nnx.shard_map"
    titles = [f.title for d in diags for f in fixes_for(d, lambda p: Path(p).read_text(), config)]
    assert TITLE_CONTEXT_MESH not in titles, titles


def test_a_batchnorm_layer_is_never_dropped_for_its_own_pmean(tmp_path):
    """A GSPMD step (jit over sharded data) whose nnx.BatchNorm keeps `axis_name=`: the pmean
    reported is the layer's own, so no fix drops the layer call as if it were the pmean."""
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent('''
        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax.sharding import NamedSharding, PartitionSpec as P

        mesh = jax.make_mesh((4,), ("data",))


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(8, 8, rngs=rngs)
                self.bn = nnx.BatchNorm(8, axis_name="data", rngs=rngs)

            def __call__(self, x):
                return self.bn(self.linear(x))


        @nnx.jit
        def step(model, x):
            return model(x).mean()


        x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data")))
        step.trace(Net(nnx.Rngs(0)), x).lower(lowering_platforms=("cuda",))
    ''').lstrip())
    config = parse_table({"jax-version": "0.10.2", "backend": "gpu"}, tmp_path, None)
    diags = [d for d in check([tmp_path], config, use_cache=False).diagnostics if d.code == "SHL005"]
    assert diags, "the BatchNorm's pmean over the unbound 'data' is not reported"
    titles = [f.title for d in diags for f in fixes_for(d, lambda p: Path(p).read_text(), config)]
    assert not any(t.startswith("Drop the") for t in titles), titles

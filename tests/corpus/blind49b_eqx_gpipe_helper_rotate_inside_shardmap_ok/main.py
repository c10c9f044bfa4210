import functools

import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

import equinox as eqx
import optax

import pipeline

NUM_STAGES = 4
NUM_MICROBATCHES = 4
MICROBATCH = 8
FEATURES = 64

mesh = jax.make_mesh((NUM_STAGES,), (pipeline.STAGE_AXIS,), axis_types=(AxisType.Auto,))


@eqx.filter_vmap
def make_stage(key):
    return eqx.nn.Linear(FEATURES, FEATURES, key=key)


stages = make_stage(jr.split(jr.key(0), NUM_STAGES))
stage_sharding = NamedSharding(mesh, P(pipeline.STAGE_AXIS))
stages = eqx.filter_shard(stages, stage_sharding)


@eqx.filter_checkpoint
def stage_apply(layer, x):
    return jnp.tanh(jax.vmap(layer)(x))


def local_pipeline(stages, xs):
    local = jax.tree.map(lambda a: a[0], stages)
    outs = pipeline.spmd_pipeline(stage_apply, local, xs, NUM_STAGES)
    return pipeline.rotate_outputs(outs, NUM_STAGES)


run_pipeline = jax.shard_map(
    local_pipeline,
    mesh=mesh,
    in_specs=(P(pipeline.STAGE_AXIS), P()),
    out_specs=P(pipeline.STAGE_AXIS),
)


def loss_fn(stages, xs, ys):
    outs = run_pipeline(stages, xs)
    first = outs[:NUM_MICROBATCHES]
    return jnp.mean((first - ys) ** 2)


optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(stages, eqx.is_inexact_array))


@jax.jit
def train_step(stages, opt_state, xs, ys):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(stages, xs, ys)
    updates, opt_state = optim.update(grads, opt_state, stages)
    stages = eqx.apply_updates(stages, updates)
    return stages, opt_state, loss


xs = jnp.ones((NUM_MICROBATCHES, MICROBATCH, FEATURES), jnp.float32)
ys = jnp.zeros((NUM_MICROBATCHES, MICROBATCH, FEATURES), jnp.float32)

if __name__ == "__main__":
    traced = train_step.trace(stages, opt_state, xs, ys)
    print(traced.lower(lowering_platforms=("cuda",)).as_text()[:40])

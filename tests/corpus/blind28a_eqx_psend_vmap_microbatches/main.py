"""Equinox pipeline stage: the per-microbatch stage step is vmapped over the microbatch
dimension inside the shard_map, and each microbatch's activation is sent to the next stage."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
MICRO, B, D = 4, 2, 32
PERM = [(s, s + 1) for s in range(STAGES - 1)]


class StageMLP(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(D, D, width_size=2 * D, depth=2, key=key)

    def __call__(self, x):
        return jax.vmap(self.mlp)(x)


def step_one_microbatch(stage, x):
    y = stage(x)
    token = jax.lax.psend(y, "stage", PERM)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), "stage", PERM)


mesh = Mesh(jax.devices(), ("stage",))
stage = StageMLP(jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)


@jax.jit
def run(params, xs):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("stage")),
                       out_specs=P("stage"), check_vma=False)
    def body(params, xs):
        stage = eqx.combine(params, static)
        return jax.vmap(step_one_microbatch, in_axes=(None, 0))(stage, xs)

    return body(params, xs)


xs = jnp.ones((STAGES * MICRO, B, D))
lowered = run.trace(params, xs).lower(lowering_platforms=("cuda",))
print("lowered")

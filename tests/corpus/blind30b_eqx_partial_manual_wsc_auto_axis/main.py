"""Equinox MLP inside a shard_map that is manual over 'data' only: the hidden activations are
constrained over the still-automatic 'model' axis with a bare PartitionSpec."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class Block(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(32, 128, key=k1)
        self.down = eqx.nn.Linear(128, 32, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.up)(x)
        h = jax.lax.with_sharding_constraint(h, P(None, "model"))
        return jax.vmap(self.down)(jax.nn.gelu(h))


block = Block(jax.random.key(0))
params, static = eqx.partition(block, eqx.is_array)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
         axis_names={"data"})
def loss(params, x):
    model = eqx.combine(params, static)
    return jax.lax.pmean(jnp.mean(model(x) ** 2), "data")


with jax.set_mesh(mesh):
    grad_fn = jax.jit(jax.grad(loss))
    lowered = grad_fn.trace(params, jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
print("ok")

"""Circular (interleaved) pipeline: each of 4 stages owns 2 of 8 layers and a microbatch loops
around the ring twice. Layers are made with nnx.vmap, as in the Flax scan-over-layers guide."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ring import pass_to_next

STAGES, REPEATS, D = 4, 2, 32


class Layer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.w = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return jax.nn.silu(self.w(x))


@nnx.split_rngs(splits=STAGES * REPEATS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_layers(rngs):
    return Layer(rngs)


layers = make_layers(nnx.Rngs(params=0))
graphdef, state = nnx.split(layers)
# (STAGES * REPEATS, ...) -> (REPEATS, STAGES, ...): layer r*STAGES+s lives on stage s
state = jax.tree.map(lambda a: a.reshape(REPEATS, STAGES, *a.shape[1:]), state)

mesh = Mesh(np.array(jax.devices()), ("stage",))


@partial(shard_map, mesh=mesh, in_specs=(P(None, "stage"), P()), out_specs=P())
def circular_forward(state, x):
    local = jax.tree.map(lambda a: a[:, 0], state)   # (REPEATS, ...)
    me = jax.lax.axis_index("stage")

    def tick(h, t):
        r = t // STAGES
        layer = nnx.merge(graphdef, jax.tree.map(lambda a: a[r], local))
        h = layer(h)
        h = pass_to_next(h, STAGES)
        return h, None

    h = jnp.where(me == 0, x, jnp.zeros_like(x))
    h, _ = jax.lax.scan(tick, h, jnp.arange(STAGES * REPEATS))
    return jax.lax.psum(jnp.where(me == 0, h, 0.0), "stage")


fwd = jax.jit(circular_forward)
x = jnp.ones((8, D))
print(
    fwd.trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:30])

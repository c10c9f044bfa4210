"""FSDP-style Equinox layer: weights are stored sharded over every mesh axis listed in the run
config and all-gathered just in time inside shard_map; the axes come from config.json."""
import json
import os
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "config.json")) as fh:
    cfg = json.load(fh)

mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
FSDP = cfg["fsdp_axes"]


class ShardedLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __call__(self, x):
        w = jax.lax.all_gather(self.weight, FSDP, axis=0, tiled=True)
        return x @ w + self.bias


layer = ShardedLinear(weight=jnp.ones((64, 32)), bias=jnp.zeros((32,)))
layer_specs = ShardedLinear(weight=P(tuple(FSDP)), bias=P())


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(layer_specs, P(tuple(FSDP))),
         out_specs=P(tuple(FSDP)))
def apply(layer, x):
    return jax.nn.relu(layer(x))


print(apply.trace(layer, jnp.ones((16, 64))).lower(lowering_platforms=("cuda",)) is not None)

import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

import equinox as eqx

from layers import SwapMixer

mesh = jax.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
shard = NamedSharding(mesh, P("x"))

block = SwapMixer(128, key=jr.key(1))
params, static = eqx.partition(block, eqx.is_array)

# device i exchanges with device i ^ 1
peers = jax.device_put(jnp.array([1, 0, 3, 2], jnp.int32), shard)
x = jax.device_put(jnp.ones((4 * 8, 128), jnp.float32), shard)


@jax.jit
def mix(params, peers, x):
    block = eqx.combine(params, static)
    return block(peers, x)


if __name__ == "__main__":
    print(mix.trace(params, peers, x).lower(lowering_platforms=("tpu",)).as_text()[:40])

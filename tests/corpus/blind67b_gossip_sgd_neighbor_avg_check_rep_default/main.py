import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from gossip import AXIS
from train import local_step

mesh = Mesh(np.array(jax.devices()), (AXIS,))
n = len(jax.devices())

# each replica keeps its own copy of the parameters (stacked on a leading axis)
param_spec = {"w1": P(AXIS), "w2": P(AXIS)}


def replica_step(params, x, y):
  params = jax.tree_util.tree_map(lambda p: p[0], params)
  new = local_step(params, x, y)
  return jax.tree_util.tree_map(lambda p: p[None], new)


step = jax.jit(shard_map(replica_step, mesh,
                         in_specs=(param_spec, P(AXIS), P(AXIS)),
                         out_specs=param_spec))

if __name__ == "__main__":
  params = {"w1": jax.ShapeDtypeStruct((n, 128, 128), jnp.float32),
            "w2": jax.ShapeDtypeStruct((n, 128, 128), jnp.float32)}
  x = jax.ShapeDtypeStruct((n * 16, 128), jnp.float32)
  y = jax.ShapeDtypeStruct((n * 16, 128), jnp.float32)
  step.trace(params, x, y).lower(lowering_platforms=("tpu",))

"""ZeRO-2 style: reduce-scatter gradients so each device updates only its slice."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N_DEV = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ("dp",))


def loss(flat_w, x, y):
  w = flat_w.reshape(64, 32)
  return jnp.mean((x @ w - y) ** 2)


@partial(shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")),
         out_specs=(P(), P()))
def grad_step(flat_w, x, y):
  l, g = jax.value_and_grad(loss)(flat_w, x, y)
  # each device keeps 1/N of the summed gradient
  g_shard = jax.lax.psum_scatter(g, "dp", scatter_dimension=0, tiled=True) / N_DEV
  return jax.lax.pmean(l, "dp"), g_shard


if __name__ == "__main__":
  flat_w = jnp.zeros((64 * 32,))
  x, y = jnp.ones((16, 64)), jnp.ones((16, 32))
  jax.jit(grad_step).trace(flat_w, x, y).lower(lowering_platforms=("cuda",))

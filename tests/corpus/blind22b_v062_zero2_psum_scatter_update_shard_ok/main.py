"""ZeRO-2 style: reduce-scatter gradients, update the local slice, all-gather params."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))
LR = 0.1


def loss(flat_w, x, y):
  w = flat_w.reshape(64, 32)
  return jnp.mean((x @ w - y) ** 2)


def update(flat_w, x, y):
  n = jax.lax.psum(1, "dp")
  l, g = jax.value_and_grad(loss)(flat_w, x, y)
  g_shard = jax.lax.psum_scatter(g, "dp", scatter_dimension=0, tiled=True) / n
  idx = jax.lax.axis_index("dp")
  size = flat_w.shape[0] // n
  w_shard = jax.lax.dynamic_slice_in_dim(flat_w, idx * size, size)
  w_shard = w_shard - LR * g_shard
  new_w = jax.lax.all_gather(w_shard, "dp", tiled=True)
  return jax.lax.pmean(l, "dp"), new_w


update = shard_map(update, mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()),
                   check_rep=False)
update = jax.jit(update)

if __name__ == "__main__":
  flat_w = jnp.zeros((64 * 32,))
  x, y = jnp.ones((16, 64)), jnp.ones((16, 32))
  update.trace(flat_w, x, y).lower(lowering_platforms=("cuda",))

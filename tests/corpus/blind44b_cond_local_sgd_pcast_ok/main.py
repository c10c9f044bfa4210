from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SYNC_EVERY = 8
mesh = Mesh(np.array(jax.devices()), ("replica",))


def loss_fn(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


def average_params(w):
  # the average is identical on every replica, but the carry stays per-replica
  return lax.pcast(lax.pmean(w, "replica"), "replica", to="varying")


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P("replica"), P("replica"), P("replica")),
         out_specs=P("replica"))
def local_sgd_step(step, w, x, y):
  # w carries one independent copy of the weights per replica: [1, d, k]
  g = jax.grad(loss_fn)(w[0], x, y)
  w = w - 0.05 * g[None]
  w = lax.cond(step % SYNC_EVERY == 0, average_params, lambda w: w, w)
  return w


n = mesh.shape["replica"]
w = jax.device_put(jnp.zeros((n, 16, 4)), NamedSharding(mesh, P("replica")))
x = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("replica")))
y = jax.device_put(jnp.ones((64, 4)), NamedSharding(mesh, P("replica")))
print(jax.jit(local_sgd_step).trace(jnp.int32(0), w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])

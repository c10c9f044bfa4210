from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N_LAYERS = 3
mesh = Mesh(np.array(jax.devices()), ("data",))


def init(key, d):
  return [jax.random.normal(k, (d, d)) / jnp.sqrt(d) for k in jax.random.split(key, N_LAYERS)]


def apply(params, x):
  for w in params:
    x = jax.nn.relu(x @ w)
  return x


# we want to log each replica's loss separately to spot bad shards
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=(P("data"), P()))
def grad_and_local_loss(params, batch):
  local_loss, grads = jax.value_and_grad(lambda p: jnp.mean(apply(p, batch) ** 2))(params)
  return local_loss, jax.lax.pmean(grads, "data")


@jax.jit
def train_step(params, batch):
  per_device_loss, grads = grad_and_local_loss(params, batch)
  params = [w - 0.1 * g for w, g in zip(params, grads)]
  return params, per_device_loss


if __name__ == "__main__":
  params = init(jax.random.key(0), 32)
  batch = jnp.ones((16, 32))
  train_step.trace(params, batch).lower(lowering_platforms=("cuda",))

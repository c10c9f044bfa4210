from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from parallel import all_reduce_mean

mesh = jax.make_mesh((4,), ("batch",))


def predict(params, x):
  w, b = params
  return jnp.tanh(x @ w + b)


def loss_fn(params, x, y):
  return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()))
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  # grads/loss are per-shard: average them across the data-parallel axis
  loss, grads = all_reduce_mean((loss, grads))
  new_params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return new_params, loss


params = (jnp.zeros((16, 8), jnp.float32), jnp.zeros((8,), jnp.float32))
batch_sharding = NamedSharding(mesh, P("batch"))
x = jax.device_put(jnp.ones((32, 16), jnp.float32), batch_sharding)
y = jax.device_put(jnp.ones((32, 8), jnp.float32), batch_sharding)

print(train_step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])

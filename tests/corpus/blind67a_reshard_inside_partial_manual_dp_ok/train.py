from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

import layers


@partial(jax.shard_map, in_specs=(P(), P("data"), P("data")), out_specs=P(),
         axis_names={"data"})
def sharded_loss(params, x, y):
  pred = layers.ffn(params, x)
  return lax.pmean(jnp.mean((pred - y) ** 2), "data")


@jax.jit
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(sharded_loss)(params, x, y)
  return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), loss

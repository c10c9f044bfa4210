import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from sharding import shard_mlp


class MLPBlock(eqx.Module):
  norm: eqx.nn.LayerNorm
  fc1: eqx.nn.Linear
  fc2: eqx.nn.Linear

  def __init__(self, d, hidden, key):
    k1, k2 = jr.split(key)
    self.norm = eqx.nn.LayerNorm(d)
    self.fc1 = eqx.nn.Linear(d, hidden, key=k1)
    self.fc2 = eqx.nn.Linear(hidden, d, key=k2)

  def __call__(self, x):  # x: [B, d]
    h = jax.vmap(self.norm)(x)
    h = jax.nn.gelu(jax.vmap(self.fc1)(h))
    h = jax.sharding.reshard(h, P('data', None))
    h = jax.vmap(self.fc2)(h)
    return x + h


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  block = shard_mlp(MLPBlock(64, 256, jr.key(0)))
  x = jax.device_put(jnp.ones((8, 64)), P('data', None))
  params, static = eqx.partition(block, eqx.is_array)

  def loss(params, x):
    return jnp.sum(eqx.combine(params, static)(x) ** 2)

  grads = jax.jit(jax.grad(loss))
  print(grads.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])

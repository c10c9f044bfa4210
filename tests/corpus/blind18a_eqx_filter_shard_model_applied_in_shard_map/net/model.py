import equinox as eqx
import jax
import jax.numpy as jnp


class ShardedMLP(eqx.Module):
  layers: list
  act_sharding: jax.sharding.NamedSharding = eqx.field(static=True)

  def __init__(self, sizes, act_sharding, key):
    keys = jax.random.split(key, len(sizes) - 1)
    self.layers = [eqx.nn.Linear(a, b, key=k)
                   for a, b, k in zip(sizes[:-1], sizes[1:], keys)]
    self.act_sharding = act_sharding

  def __call__(self, x):
    for layer in self.layers[:-1]:
      x = jax.nn.relu(jax.vmap(layer)(x))
      x = eqx.filter_shard(x, self.act_sharding)
    return jax.vmap(self.layers[-1])(x)

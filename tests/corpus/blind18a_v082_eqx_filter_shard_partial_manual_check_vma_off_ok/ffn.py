import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class FFN(eqx.Module):
  w_in: jax.Array
  w_out: jax.Array
  hidden_sharding: NamedSharding = eqx.field(static=True)

  def __init__(self, mesh, d, f, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (d, f)) * 0.02
    self.w_out = jax.random.normal(k2, (f, d)) * 0.02
    self.hidden_sharding = NamedSharding(mesh, P(None, 'model'))

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_in)
    h = eqx.filter_shard(h, self.hidden_sharding)
    return h @ self.w_out

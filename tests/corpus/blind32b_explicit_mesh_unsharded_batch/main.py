"""Per-shard Linen autoencoder loss under shard_map on a jax.make_mesh mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class AutoEncoder(nn.Module):
  latent: int = 8

  def setup(self):
    self.enc = nn.Sequential([nn.Dense(64), nn.relu, nn.Dense(self.latent)])
    self.dec = nn.Sequential([nn.Dense(64), nn.relu, nn.Dense(32)])

  def __call__(self, x):
    return self.decode(self.encode(x))

  def encode(self, x):
    return self.enc(x)

  def decode(self, z):
    return self.dec(z)


model = AutoEncoder()
mesh = jax.make_mesh((jax.device_count(),), ('data',))
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 32)))


@jax.jit
def mean_latent_norm(params, batch):
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
  def per_shard(params, x):
    z = model.apply(params, x, method=AutoEncoder.encode)
    return jax.lax.pmean(jnp.mean(jnp.linalg.norm(z, axis=-1)), 'data')
  return per_shard(params, batch)


batch = np.random.default_rng(0).normal(size=(64, 32)).astype(np.float32)
print(mean_latent_norm.trace(params, batch).lower(lowering_platforms=('cuda',)).as_text()[:10])

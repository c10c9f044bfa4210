"""A contrastive Linen model bound to its variables with model.bind, the bound module closed
over by the function jax.shard_map maps over 'data'."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('data',))


class Encoder(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.tanh(nn.Dense(32)(x))


class Contrastive(nn.Module):
  """Scores every local example against the embeddings of the whole global batch."""

  def setup(self):
    self.encoder = Encoder()

  def __call__(self, x):
    z = self.encoder(x)
    everyone = jax.lax.all_gather(z, 'data', axis=0, tiled=True)
    return z @ everyone.T


model = Contrastive()
variables = {'params': {'encoder': {'Dense_0': {
    'kernel': jax.ShapeDtypeStruct((16, 32), jnp.float32),
    'bias': jax.ShapeDtypeStruct((32,), jnp.float32)}}}}
x = jnp.ones((64, 16))


@jax.jit
def scores(variables, x):
  bound = model.bind(variables)
  return jax.shard_map(lambda x: bound(x), mesh=mesh, in_specs=P('data'), out_specs=P('data'))(x)


scores.trace(variables, x).lower(lowering_platforms=("cuda",))

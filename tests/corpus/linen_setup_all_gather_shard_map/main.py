"""Sequence-parallel attention written with setup(): keys and values all_gathered over 'seq',
applied under jax.shard_map."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('seq',))


class SeqParallelAttention(nn.Module):
  """Queries stay local; keys and values are gathered from every sequence shard."""
  dim: int

  def setup(self):
    self.q = nn.Dense(self.dim, use_bias=False)
    self.k = nn.Dense(self.dim, use_bias=False)
    self.v = nn.Dense(self.dim, use_bias=False)

  def __call__(self, x):
    q = self.q(x)
    k = jax.lax.all_gather(self.k(x), 'seq', axis=0, tiled=True)
    v = jax.lax.all_gather(self.v(x), 'seq', axis=0, tiled=True)
    return jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim)) @ v


attn = SeqParallelAttention(32)
x = jnp.ones((64, 32))
params = {name: {'kernel': jax.ShapeDtypeStruct((32, 32), jnp.float32)} for name in ('q', 'k', 'v')}


@jax.jit
def attend(params, x):
  return jax.shard_map(lambda p, x: attn.apply({'params': p}, x), mesh=mesh,
                       in_specs=(P(), P('seq')), out_specs=P('seq'))(params, x)


attend.trace(params, x).lower(lowering_platforms=("cuda",))

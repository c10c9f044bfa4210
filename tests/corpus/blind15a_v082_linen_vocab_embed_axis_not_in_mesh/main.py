from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

VOCAB, DIM = 1024, 64


class VocabParallelEmbed(nn.Module):
  vocab: int
  dim: int
  axis_name: str = 'tp'

  @nn.compact
  def __call__(self, ids):
    n = jax.lax.axis_size(self.axis_name)
    table = self.param('table', nn.initializers.normal(0.02), (self.vocab // n, self.dim))
    start = jax.lax.axis_index(self.axis_name) * (self.vocab // n)
    local = ids - start
    ok = (local >= 0) & (local < self.vocab // n)
    emb = jnp.where(ok[..., None], table[jnp.clip(local, 0, self.vocab // n - 1)], 0.0)
    return jax.lax.psum(emb, self.axis_name)


mesh = jax.make_mesh((2, 2), ('data', 'tensor'))
embed = VocabParallelEmbed(VOCAB, DIM)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('tensor'), P('data')), out_specs=P('data'))
def lookup(table, ids):
  return embed.apply({'params': {'table': table}}, ids)


table = jnp.zeros((VOCAB, DIM))
ids = jnp.zeros((8, 16), jnp.int32)
lookup.trace(table, ids).lower(lowering_platforms=('cuda',))

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

MAX_LEN = 256


class Embedder(nn.Module):
  vocab: int
  dim: int
  seq_axis: str = 'seq'

  @nn.compact
  def __call__(self, tokens):  # tokens: [batch, local_len]
    tok = nn.Embed(self.vocab, self.dim, name='tok')(tokens)
    pos_table = self.param('pos', nn.initializers.normal(0.02), (MAX_LEN, self.dim))
    local_len = tokens.shape[1]
    start = lax.axis_index(self.seq_axis) * local_len
    pos = lax.dynamic_slice_in_dim(pos_table, start, local_len, axis=0)
    return nn.LayerNorm()(tok + pos[None])


model = Embedder(vocab=1000, dim=64)
mesh = Mesh(np.array(jax.devices()), ('seq',))

tokens = jnp.zeros((2, MAX_LEN), jnp.int32)
variables = jax.jit(model.init)(jax.random.key(0), tokens[:, :MAX_LEN // 4])

embed = jax.jit(jax.shard_map(model.apply, mesh=mesh,
                              in_specs=(P(), P(None, 'seq')),
                              out_specs=P(None, 'seq')))
embed.trace(variables, tokens).lower(lowering_platforms=('cuda',))

import functools

import flax.linen as nn
import jax
from jax import lax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@functools.partial(jax.shard_map, in_specs=(P(None, 'model'), P('model', None)),
                   out_specs=P(), axis_names={'model'})
def _row_parallel_matmul(h, w):
  return lax.psum(h @ w, 'model')


class MlpBlock(nn.Module):
  intermediate_dim: int
  dtype: jnp.dtype = jnp.float32

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    wi = self.param('wi', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                    (d, self.intermediate_dim))
    wo = self.param('wo', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')),
                    (self.intermediate_dim, d))
    h = nn.relu(jnp.einsum('bd,df->bf', x, wi))
    h = nn.with_logical_constraint(h, ('batch', 'mlp'))
    return _row_parallel_matmul(h, wo)


class Encoder(nn.Module):
  vocab_size: int
  emb_dim: int
  mlp_dim: int
  num_layers: int

  @nn.compact
  def __call__(self, tokens):
    emb = self.param('embedding', nn.with_logical_partitioning(nn.initializers.normal(1.0), ('vocab', 'embed')),
                     (self.vocab_size, self.emb_dim))
    x = jnp.take(emb, tokens, axis=0)
    for i in range(self.num_layers):
      x = x + MlpBlock(self.mlp_dim, name=f'mlp_{i}')(nn.LayerNorm(name=f'ln_{i}')(x))
    return x @ emb.T

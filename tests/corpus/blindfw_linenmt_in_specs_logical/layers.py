"""MaxText-style Linen layers: parameters carry logical axis names, and the MLP's output
projection runs as an explicit tensor-parallel matmul (shard_map + psum) over the mesh axis
the logical `mlp` axis is mapped to."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LOGICAL_RULES = (
    ('activation_batch', 'data'),
    ('activation_length', None),
    ('activation_embed', None),
    ('embed', None),
    ('mlp', 'tensor'),
    ('vocab', 'tensor'),
)


def _row_parallel_matmul(h, w, *, axis):
  return jax.lax.psum(h @ w, axis)


class MlpBlock(nn.Module):
  mesh: jax.sharding.Mesh
  hidden: int

  @nn.compact
  def __call__(self, x):
    embed = x.shape[-1]
    wi = self.param('wi', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                    (embed, self.hidden))
    wo = self.param('wo', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')),
                    (self.hidden, embed))
    h = nn.gelu(x @ wi)
    h = nn.with_logical_constraint(h, ('activation_batch', 'activation_length', 'mlp'))
    mlp_axis = nn.logical_to_mesh_axes(('mlp',), LOGICAL_RULES)[0]
    out = jax.shard_map(
        functools.partial(_row_parallel_matmul, axis=mlp_axis), mesh=self.mesh,
        in_specs=(P('activation_batch', None, mlp_axis), P(mlp_axis, None)),
        out_specs=P('data', None, None))(h, wo)
    return nn.with_logical_constraint(out, ('activation_batch', 'activation_length', 'activation_embed'))


class Decoder(nn.Module):
  mesh: jax.sharding.Mesh
  vocab: int = 256
  embed: int = 64
  hidden: int = 256
  layers: int = 2

  @nn.compact
  def __call__(self, tokens):
    emb = self.param('embedding', nn.with_logical_partitioning(nn.initializers.normal(1.0), ('vocab', 'embed')),
                     (self.vocab, self.embed))
    x = jnp.take(emb, tokens, axis=0)
    for i in range(self.layers):
      x = x + MlpBlock(self.mesh, self.hidden, name=f'mlp_{i}')(nn.LayerNorm()(x))
    return x @ emb.T

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

mesh = jax.make_mesh((4,), ('seq',), axis_types=(AxisType.Auto,))


def ring_attn(q, k, v):
  axis_size = jax.lax.psum(1, 'seq')
  perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]
  t, h, d = q.shape
  out = jnp.zeros((t, h, d), jnp.float32)
  row_max = jnp.full((h, t), -1e30, jnp.float32)
  row_sum = jnp.zeros((h, t), jnp.float32)

  def body(carry, _):
    out, row_max, row_sum, k, v = carry
    s = jnp.einsum('qhd,khd->hqk', q, k) * (d ** -0.5)
    new_max = jnp.maximum(row_max, s.max(-1))
    p = jnp.exp(s - new_max[..., None])
    scale = jnp.exp(row_max - new_max)
    row_sum = row_sum * scale + p.sum(-1)
    out = out * scale.T[..., None] + jnp.einsum('hqk,khd->qhd', p, v)
    k = jax.lax.ppermute(k, 'seq', perm)
    v = jax.lax.ppermute(v, 'seq', perm)
    return (out, new_max, row_sum, k, v), None

  (out, _, row_sum, _, _), _ = jax.lax.scan(
      body, (out, row_max, row_sum, k, v), None, length=axis_size)
  return out / row_sum.T[..., None]


class TransformerBlock(nnx.Module):
  def __init__(self, embed_dim, num_heads, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.qkv = nnx.Linear(embed_dim, 3 * embed_dim, rngs=rngs)
    self.out = nnx.Linear(embed_dim, embed_dim, rngs=rngs)
    self.ln = nnx.LayerNorm(embed_dim, rngs=rngs)

  def __call__(self, x):
    t, e = x.shape
    q, k, v = jnp.split(self.qkv(self.ln(x)), 3, axis=-1)
    q, k, v = (a.reshape(t, self.num_heads, -1) for a in (q, k, v))
    spec = P('seq', None, None)
    attn = jax.shard_map(ring_attn, mesh=mesh, in_specs=(spec,) * 3, out_specs=spec)
    return x + self.out(attn(q, k, v).reshape(t, e))


@nnx.jit
def forward(block, x):
  return block(x)


block = TransformerBlock(64, 4, nnx.Rngs(0))
x = jnp.ones((256, 64))
print(forward.trace(block, x).lower(lowering_platforms=('cuda',)).as_text()[:40])

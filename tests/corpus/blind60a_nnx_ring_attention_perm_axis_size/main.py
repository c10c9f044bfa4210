"""Sequence-parallel (ring) attention for a LLaMA-style layer: each device holds a
contiguous sequence chunk; K/V chunks travel around the 'seq' ring with ppermute."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'seq'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
RING = mesh.shape['seq']
HEADS, HEAD_DIM, D = 4, 64, 256


def rope(x, pos, base=10000.0):
  half = x.shape[-1] // 2
  freqs = base ** (-jnp.arange(half) / half)
  ang = pos[:, None] * freqs[None, :]
  sin, cos = jnp.sin(ang)[None, :, None, :], jnp.cos(ang)[None, :, None, :]
  x1, x2 = x[..., :half], x[..., half:]
  return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


class RingSelfAttention(nnx.Module):

  def __init__(self, rngs):
    self.qkv = nnx.LinearGeneral(D, (3, HEADS, HEAD_DIM), use_bias=False, rngs=rngs)
    self.out = nnx.LinearGeneral((HEADS, HEAD_DIM), D, axis=(-2, -1), use_bias=False,
                                 rngs=rngs)

  def __call__(self, x):
    b, t, _ = x.shape
    qkv = self.qkv(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    pos = lax.axis_index('seq') * t + jnp.arange(t)
    q, k = rope(q, pos), rope(k, pos)
    perm = [(i, (i + 1) % RING) for i in range(RING)]

    def step(_, carry):
      o, m, l, k, v = carry
      s = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(HEAD_DIM)
      m_new = jnp.maximum(m, s.max(-1))
      p = jnp.exp(s - m_new[..., None])
      corr = jnp.exp(m - m_new)
      l = l * corr + p.sum(-1)
      o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
      k, v = lax.ppermute(k, 'seq', perm), lax.ppermute(v, 'seq', perm)
      return o, m_new, l, k, v

    o = jnp.zeros_like(q)
    m = jnp.full((b, HEADS, t), -jnp.inf, q.dtype) + 0 * q[:, :, :, 0].transpose(0, 2, 1)
    l = jnp.zeros_like(m)
    o, m, l, _, _ = lax.fori_loop(0, RING, step, (o, m, l, k, v))
    return self.out(o / l.transpose(0, 2, 1)[..., None])


attn = RingSelfAttention(nnx.Rngs(0))
graphdef, params = nnx.split(attn)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data', 'seq')),
         out_specs=P('data', 'seq'))
def ring_attention(params, x):
  return nnx.merge(graphdef, params)(x)


def main():
  x = jax.ShapeDtypeStruct((4, 2048, D), jnp.bfloat16)
  ring_attention.trace(params, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()

import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def _block(q, k, v, m, l, o):
  s = jnp.einsum('bqd,bkd->bqk', q, k) / jnp.sqrt(q.shape[-1])
  m_new = jnp.maximum(m, s.max(-1))
  p = jnp.exp(s - m_new[..., None])
  corr = jnp.exp(m - m_new)
  l = l * corr + p.sum(-1)
  o = o * corr[..., None] + jnp.einsum('bqk,bkd->bqd', p, v)
  return m_new, l, o


class Attention(nn.Module):
  dim: int

  def setup(self):
    self.qkv = nn.Dense(3 * self.dim, use_bias=False)
    self.out = nn.Dense(self.dim, use_bias=False)

  def __call__(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    m = jnp.full(q.shape[:2], -jnp.inf)
    m, l, o = _block(q, k, v, m, jnp.zeros(q.shape[:2]), jnp.zeros_like(q))
    return self.out(o / l[..., None])

  def ring_attend(self, x, axis_name='seq', axis_size=4):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    perm = [(j, (j + 1) % axis_size) for j in range(axis_size)]

    def step(i, carry):
      k, v, m, l, o = carry
      m, l, o = _block(q, k, v, m, l, o)
      k = lax.ppermute(k, axis_name, perm)
      v = lax.ppermute(v, axis_name, perm)
      return k, v, m, l, o

    m = jnp.full(q.shape[:2], -jnp.inf)
    init = (k, v, m, jnp.zeros(q.shape[:2]), jnp.zeros_like(q))
    _, _, _, l, o = lax.fori_loop(0, axis_size, step, init)
    return self.out(o / l[..., None])


mesh = Mesh(np.array(jax.devices()), ('seq',))
attn = Attention(dim=64)
x = jnp.ones((2, 128, 64))
params = attn.init(jax.random.key(0), x)

ring = functools.partial(attn.apply, method=Attention.ring_attend,
                         axis_size=mesh.shape['seq'])
fwd = jax.jit(jax.shard_map(ring, mesh=mesh, in_specs=(P(), P(None, 'seq')),
                            out_specs=P(None, 'seq')))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))

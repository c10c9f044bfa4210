from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_DEV = 4
mesh = Mesh(np.array(jax.devices()[:N_DEV]), ('ring',))


def rotate(kv):
  # pass our K/V block to the next device in the ring
  return lax.ppermute(kv, 'ring', perm=[(j, j + 1) for j in range(N_DEV)])


class RingAttention(nn.Module):
  num_heads: int

  @nn.compact
  def __call__(self, x):
    b, t, d = x.shape
    hd = d // self.num_heads
    q = nn.DenseGeneral((self.num_heads, hd), name='query')(x)
    kv = nn.DenseGeneral((2, self.num_heads, hd), name='kv')(x)
    if self.is_initializing():
      return nn.DenseGeneral(d, axis=(-2, -1), name='out')(q)
    num = jnp.zeros_like(q)
    den = jnp.zeros(q.shape[:-1] + (1,), q.dtype)
    for _ in range(N_DEV):
      k, v = kv[:, :, 0], kv[:, :, 1]
      w = jnp.exp(jnp.einsum('bqhd,bkhd->bqhk', q, k) / jnp.sqrt(hd))
      num = num + jnp.einsum('bqhk,bkhd->bqhd', w, v)
      den = den + w.sum(-1, keepdims=True)
      kv = rotate(kv)
    return nn.DenseGeneral(d, axis=(-2, -1), name='out')(num / den)


class Encoder(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = x + RingAttention(num_heads=2)(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(64)(nn.LayerNorm()(x))))


model = Encoder()
variables = model.init(jax.random.key(1), jnp.ones((1, 8, 16)))
encode = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P(None, 'ring')),
                               out_specs=P(None, 'ring')))

if __name__ == '__main__':
  encode.trace(variables, jnp.ones((2, 32, 16))).lower(lowering_platforms=('cuda',))

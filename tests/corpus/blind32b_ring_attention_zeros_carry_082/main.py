"""Ring attention inside a Linen module (setup style), called by method= under shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import PartitionSpec as P

AXIS = 'seq'


class RingAttention(nn.Module):
  num_heads: int = 4
  head_dim: int = 16

  def setup(self):
    self.q_proj = nn.DenseGeneral((self.num_heads, self.head_dim))
    self.kv_proj = nn.DenseGeneral((2, self.num_heads, self.head_dim))
    self.o_proj = nn.DenseGeneral(self.num_heads * self.head_dim, axis=(-2, -1))

  def __call__(self, x):
    return self.o_proj(self.project(x)[0])

  def project(self, x):
    q = self.q_proj(x)
    kv = self.kv_proj(x)
    return q, kv[:, :, 0], kv[:, :, 1]

  def attend(self, x):
    q, k, v = self.project(x)
    n = lax.psum(1, AXIS)
    b, t, h, d = q.shape

    def step(i, carry):
      num, den, k, v = carry
      w = jnp.exp(jnp.einsum('bqhd,bkhd->bqhk', q, k) / jnp.sqrt(d))
      num = num + jnp.einsum('bqhk,bkhd->bqhd', w, v)
      den = den + w.sum(-1)
      k, v = lax.ppermute((k, v), AXIS, [(j, (j + 1) % n) for j in range(n)])
      return num, den, k, v

    num = jnp.zeros((b, t, h, d), q.dtype)
    den = jnp.zeros((b, t, h), q.dtype)
    num, den, _, _ = lax.fori_loop(0, n, step, (num, den, k, v))
    return self.o_proj(num / den[..., None])


mesh = jax.make_mesh((4,), (AXIS,))
model = RingAttention()
x = jnp.ones((2, 32, 64))
params = model.init(jax.random.PRNGKey(0), x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, AXIS)), out_specs=P(None, AXIS))
def sharded_attend(params, x):
  return model.apply(params, x, method=RingAttention.attend)


print(sharded_attend.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:20])

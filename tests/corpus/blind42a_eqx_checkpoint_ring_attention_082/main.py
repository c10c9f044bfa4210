"""Ring attention (blockwise, online softmax): K/V blocks travel around the 'ctx' ring with
ppermute; each block is checkpointed with eqx.filter_checkpoint."""
import functools
import math

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = jax.device_count()
mesh = Mesh(np.array(jax.devices()), ('ctx',))


@eqx.filter_checkpoint
def _block(q, k, v, o, l, m):
  s = q @ k.T / math.sqrt(q.shape[-1])
  m_new = jnp.maximum(m, s.max(-1))
  p = jnp.exp(s - m_new[:, None])
  corr = jnp.exp(m - m_new)
  return o * corr[:, None] + p @ v, l * corr + p.sum(-1), m_new


def ring_attention(q, k, v):
  perm = [(i, (i + 1) % N) for i in range(N)]
  o = q * 0
  l = q[:, 0] * 0
  m = l - jnp.inf

  def body(_, carry):
    o, l, m, k, v = carry
    o, l, m = _block(q, k, v, o, l, m)
    k = jax.lax.ppermute(k, 'ctx', perm)
    v = jax.lax.ppermute(v, 'ctx', perm)
    return o, l, m, k, v

  o, l, m, _, _ = jax.lax.fori_loop(0, N, body, (o, l, m, k, v))
  return o / l[:, None]


class RingSelfAttention(eqx.Module):
  qkv: eqx.nn.Linear
  out: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.qkv = eqx.nn.Linear(d, 3 * d, key=k1)
    self.out = eqx.nn.Linear(d, d, key=k2)

  def __call__(self, x):                 # x: (S_local, d)
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
    return jax.vmap(self.out)(ring_attention(q, k, v))


@eqx.filter_jit
def loss_and_grad(model, x):
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('ctx')), out_specs=(P(), P()))
  def sharded(model, x):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    return jax.lax.pmean(loss, 'ctx'), jax.lax.pmean(grads, 'ctx')
  return sharded(model, x)


model = RingSelfAttention(32, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
entry = jax.jit(lambda p, x: loss_and_grad(eqx.combine(p, static), x)[0])
entry.trace(params, jnp.ones((N * 16, 32))).lower(lowering_platforms=('cuda',))
print('ring attention lowered')

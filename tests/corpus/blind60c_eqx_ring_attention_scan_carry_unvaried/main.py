"""Ring attention over a sequence-sharded axis: K/V blocks rotate with ppermute, online softmax in lax.scan."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SEQ = "seq"
mesh = Mesh(np.array(jax.devices()), (SEQ,))
N_SHARDS = mesh.shape[SEQ]


def ring_attention(q, k, v):
  perm = [(i, (i + 1) % N_SHARDS) for i in range(N_SHARDS)]
  scale = q.shape[-1] ** -0.5

  def step(carry, _):
    o, m, l, k, v = carry
    s = (q @ k.T) * scale
    m_new = jnp.maximum(m, s.max(axis=-1))
    p = jnp.exp(s - m_new[:, None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(axis=-1)
    o = o * corr[:, None] + p @ v
    k = lax.ppermute(k, SEQ, perm)
    v = lax.ppermute(v, SEQ, perm)
    return (o, m_new, l, k, v), None

  n, d = q.shape
  o0 = jnp.zeros((n, d), q.dtype)
  m0 = jnp.full((n,), -jnp.inf, q.dtype)
  l0 = jnp.zeros((n,), q.dtype)
  (o, _, l, _, _), _ = lax.scan(step, (o0, m0, l0, k, v), None, length=N_SHARDS)
  return o / l[:, None]


class RingSelfAttention(eqx.Module):
  qkv: eqx.nn.Linear
  out: eqx.nn.Linear

  def __init__(self, d, *, key):
    k1, k2 = jax.random.split(key)
    self.qkv = eqx.nn.Linear(d, 3 * d, use_bias=False, key=k1)
    self.out = eqx.nn.Linear(d, d, key=k2)

  def __call__(self, x):
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
    return jax.vmap(self.out)(ring_attention(q, k, v))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(SEQ, None)), out_specs=P(SEQ, None))
def apply(layer, x):
  return layer(x)


def main():
  layer = RingSelfAttention(128, key=jax.random.key(0))
  x = jax.ShapeDtypeStruct((1024, 128), jnp.float32)
  apply.trace(layer, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

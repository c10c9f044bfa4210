"""Context-parallel self-attention: ring attention with ppermute over a 'seq' mesh axis (Flax NNX)."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SEQ = "seq"


def ring_attention(q, k, v, *, ring_size):
  """q, k, v: this shard's (B, T_local, H, D) blocks; K/V blocks travel around the ring."""
  perm = [(j, (j + 1) % ring_size) for j in range(ring_size)]
  scale = 1.0 / math.sqrt(q.shape[-1])
  o = jnp.zeros_like(q)
  m = jnp.full_like(q[..., 0], -jnp.inf)
  l = jnp.zeros_like(q[..., 0])

  def step(_, carry):
    o, m, l, k, v = carry
    s = jnp.einsum("bqhd,bkhd->bqhk", q, k) * scale
    m_new = jnp.maximum(m, s.max(axis=-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(axis=-1)
    o = o * corr[..., None] + jnp.einsum("bqhk,bkhd->bqhd", p, v)
    k = lax.ppermute(k, SEQ, perm)
    v = lax.ppermute(v, SEQ, perm)
    return o, m_new, l, k, v

  o, m, l, _, _ = lax.fori_loop(0, ring_size, step, (o, m, l, k, v))
  return o / l[..., None]


class ContextParallelAttention(nnx.Module):
  def __init__(self, d_model, n_heads, *, rngs):
    self.n_heads = n_heads
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x, attn_fn):
    b, t, d = x.shape
    q, k, v = jnp.split(self.qkv(x).reshape(b, t, 3 * self.n_heads, d // self.n_heads), 3, axis=2)
    return self.out(attn_fn(q, k, v).reshape(b, t, d))


def main():
  mesh = Mesh(np.array(jax.devices()), (SEQ,))
  ring = partial(ring_attention, ring_size=mesh.shape[SEQ])
  model = nnx.eval_shape(lambda: ContextParallelAttention(256, 8, rngs=nnx.Rngs(0)))
  graphdef, state = nnx.split(model)

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, SEQ)), out_specs=P(None, SEQ))
  def sharded_forward(model, x):
    return model(x, ring)

  @jax.jit
  def forward(state, x):
    return sharded_forward(nnx.merge(graphdef, state), x)

  x = jax.ShapeDtypeStruct((2, 4096, 256), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, SEQ)))
  lowered = forward.trace(state, x).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()

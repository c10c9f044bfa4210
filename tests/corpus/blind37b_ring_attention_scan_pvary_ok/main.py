import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
AXIS = "sp"


def _ring_attention_fwd(q, k, v, *, axis_name, scale):
  n = jax.lax.axis_size(axis_name)
  perm = [(i, (i + 1) % n) for i in range(n)]
  b, s, h, d = q.shape
  o = jnp.zeros((b, s, h, d), q.dtype)
  l = jnp.zeros((b, h, s), jnp.float32)
  m = jnp.full((b, h, s), -jnp.inf, jnp.float32)
  o, l, m = jax.lax.pvary((o, l, m), axis_name)

  def step(carry, _):
    o, l, m, k, v = carry
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
    m_new = jnp.maximum(m, logits.max(-1))
    p = jnp.exp(logits - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
    k = jax.lax.ppermute(k, axis_name, perm)
    v = jax.lax.ppermute(v, axis_name, perm)
    return (o, l, m_new, k, v), None

  (o, l, m, _, _), _ = jax.lax.scan(step, (o, l, m, k, v), None, length=n)
  return o / l.transpose(0, 2, 1)[..., None]


@jax.jit
def ring_attention(q, k, v):
  f = functools.partial(_ring_attention_fwd, axis_name=AXIS, scale=q.shape[-1] ** -0.5)
  spec = P(None, AXIS, None, None)
  f = jax.shard_map(f, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)
  return f(q, k, v)


sh = NamedSharding(mesh, P(None, AXIS, None, None))
q = jax.device_put(jnp.ones((2, 64, 4, 16), jnp.float32), sh)
lowered = ring_attention.trace(q, q, q).lower(lowering_platforms=("cuda",))
print("ok", "collective_permute" in lowered.as_text())

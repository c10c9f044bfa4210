import jax
import jax.numpy as jnp
from jax import lax


def ring_attention_sharded(q, k, v, axis_name):
  n = lax.axis_size(axis_name)
  perm = [(i, (i + 1) % n) for i in range(n)]
  scale = q.shape[-1] ** -0.5
  b, s, h, d = q.shape
  acc = jnp.zeros((b, s, h, d), jnp.float32)
  denom = jnp.zeros((b, h, s), jnp.float32)
  running_max = jnp.full((b, h, s), -jnp.inf, jnp.float32)
  acc, denom, running_max = lax.pvary((acc, denom, running_max), axis_name)

  def body(i, carry):
    acc, denom, running_max, k, v = carry
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
    new_max = jnp.maximum(running_max, logits.max(-1))
    p = jnp.exp(logits - new_max[..., None])
    c = jnp.exp(running_max - new_max)
    denom = denom * c + p.sum(-1)
    acc = acc * c.transpose(0, 2, 1)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
    k, v = lax.ppermute((k, v), axis_name, perm)
    return acc, denom, new_max, k, v

  acc, denom, _, _, _ = lax.fori_loop(0, n, body, (acc, denom, running_max, k, v))
  return (acc / denom.transpose(0, 2, 1)[..., None]).astype(q.dtype)

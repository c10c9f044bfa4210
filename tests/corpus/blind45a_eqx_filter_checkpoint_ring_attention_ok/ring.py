import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class RingAttention(eqx.Module):
  wq: jax.Array
  wk: jax.Array
  wv: jax.Array
  axis_name: str = eqx.field(static=True)
  ring_size: int = eqx.field(static=True)

  def __init__(self, d, axis_name, ring_size, *, key):
    kq, kk, kv = jax.random.split(key, 3)
    self.wq = jax.random.normal(kq, (d, d)) / jnp.sqrt(d)
    self.wk = jax.random.normal(kk, (d, d)) / jnp.sqrt(d)
    self.wv = jax.random.normal(kv, (d, d)) / jnp.sqrt(d)
    self.axis_name = axis_name
    self.ring_size = ring_size

  def __call__(self, x):
    q, k, v = x @ self.wq, x @ self.wk, x @ self.wv
    perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]

    @eqx.filter_checkpoint
    def hop(carry):
      num, den, k, v = carry
      s = jnp.exp(q @ k.T / jnp.sqrt(q.shape[-1]))
      num = num + s @ v
      den = den + s.sum(-1, keepdims=True)
      k = lax.ppermute(k, self.axis_name, perm)
      v = lax.ppermute(v, self.axis_name, perm)
      return num, den, k, v

    carry = (jnp.zeros_like(q), jnp.zeros(q.shape[:-1] + (1,)), k, v)
    for _ in range(self.ring_size):
      carry = hop(carry)
    num, den, _, _ = carry
    return num / den

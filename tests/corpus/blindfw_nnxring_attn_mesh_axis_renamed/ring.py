"""Sequence-parallel blockwise attention: each device holds one chunk of the sequence and the
key/value chunks travel round the ring with ppermute, one hop per step."""
import jax
import jax.numpy as jnp
from flax import nnx


class RingSelfAttention(nnx.Module):
  def __init__(self, dim: int, *, axis_name: str, rngs: nnx.Rngs):
    self.qkv = nnx.Linear(dim, 3 * dim, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
    self.axis_name = axis_name

  def __call__(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    q = q * q.shape[-1] ** -0.5
    n = jax.lax.axis_size(self.axis_name)
    perm = [(i, (i + 1) % n) for i in range(n)]

    def step(_, carry):
      k, v, num, den = carry
      w = jnp.exp(q @ k.swapaxes(-1, -2))
      num = num + w @ v
      den = den + w.sum(axis=-1, keepdims=True)
      k = jax.lax.ppermute(k, self.axis_name, perm)
      v = jax.lax.ppermute(v, self.axis_name, perm)
      return k, v, num, den

    init = (k, v, jnp.zeros_like(q), jnp.zeros_like(q[..., :1]))
    _, _, num, den = jax.lax.fori_loop(0, n, step, init)
    return self.out(num / den)


class Block(nnx.Module):
  def __init__(self, dim: int, *, axis_name: str, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.attn = RingSelfAttention(dim, axis_name=axis_name, rngs=rngs)
    self.mlp = nnx.Sequential(nnx.Linear(dim, 4 * dim, rngs=rngs), nnx.gelu,
                              nnx.Linear(4 * dim, dim, rngs=rngs))

  def __call__(self, x):
    x = x + self.attn(self.norm(x))
    return x + self.mlp(x)

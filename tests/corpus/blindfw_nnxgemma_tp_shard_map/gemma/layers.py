"""Base layers: an Einsum holding one parameter with a named sharding, and RMSNorm."""
from collections.abc import Sequence

import jax
import jax.numpy as jnp
from flax import nnx


class Einsum(nnx.Module):
  def __init__(self, shape: Sequence[int], sharding: Sequence[str | None], *, rngs: nnx.Rngs):
    self.w = nnx.Param(nnx.initializers.normal()(rngs.params(), shape), sharding=tuple(sharding))

  def __call__(self, eqn: str, x: jax.Array) -> jax.Array:
    return jnp.einsum(eqn, x, self.w[...])


class RMSNorm(nnx.Module):
  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.scale = nnx.Param(nnx.initializers.zeros_init()(rngs.params(), (dim,)))

  def __call__(self, x: jax.Array) -> jax.Array:
    var = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(var + 1e-6) * (1 + self.scale[...])

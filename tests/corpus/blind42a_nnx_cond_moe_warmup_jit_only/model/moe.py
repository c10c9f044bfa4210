"""Switch-style top-1 MoE layer with one expert per device (expert parallel over EP_AXIS)."""
import jax
import jax.numpy as jnp
from flax import nnx

EP_AXIS = 'expert'


class ExpertParam(nnx.Param):
  """Expert weights, stacked along a leading expert dimension and sharded over EP_AXIS."""


class SwitchMoE(nnx.Module):

  def __init__(self, d, n_experts, *, rngs):
    self.router = nnx.Linear(d, n_experts, use_bias=False, rngs=rngs)
    self.w = ExpertParam(jax.random.normal(rngs.params(), (n_experts, d, d)) * d ** -0.5)

  def __call__(self, x):
    gates = jax.nn.softmax(self.router(x), axis=-1)            # (T, E)
    mask = jax.nn.one_hot(jnp.argmax(gates, -1), gates.shape[-1])
    dispatched = jnp.einsum('te,td->etd', mask, x)             # (E, T, d)
    dispatched = jax.lax.all_to_all(dispatched, EP_AXIS, 0, 0)  # now (source, T, d)
    h = jax.nn.gelu(dispatched @ self.w[0])                   # local expert
    h = jax.lax.all_to_all(h, EP_AXIS, 0, 0)
    return jnp.einsum('te,etd->td', mask * gates, h)


class Block(nnx.Module):

  def __init__(self, d, n_experts, *, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.dense = nnx.Linear(d, d, rngs=rngs)
    self.moe = SwitchMoE(d, n_experts, rngs=rngs)

  def __call__(self, x, moe_on):
    h = self.norm(x)
    h = nnx.cond(moe_on, lambda blk, h: blk.moe(h), lambda blk, h: nnx.gelu(blk.dense(h)), self, h)
    return x + h

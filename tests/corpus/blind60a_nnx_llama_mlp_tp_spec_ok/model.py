"""LLaMA SwiGLU MLP, Megatron-style column/row parallel inside shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx

TP_AXIS = 'model'


def _kinit(names):
  return nnx.with_partitioning(nnx.initializers.lecun_normal(), names)


class LlamaMLP(nnx.Module):

  def __init__(self, d_model, d_ff, *, rngs: nnx.Rngs):
    self.gate_proj = nnx.Linear(d_model, d_ff, use_bias=False,
                                kernel_init=_kinit((None, TP_AXIS)), rngs=rngs)
    self.up_proj = nnx.Linear(d_model, d_ff, use_bias=False,
                              kernel_init=_kinit((None, TP_AXIS)), rngs=rngs)
    self.down_proj = nnx.Linear(d_ff, d_model, use_bias=False,
                                kernel_init=_kinit((TP_AXIS, None)), rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.gate_proj(x)) * self.up_proj(x)
    partial_out = self.down_proj(h)
    return jax.lax.psum(partial_out, TP_AXIS)


class RMSNorm(nnx.Module):

  def __init__(self, dim, eps=1e-5):
    self.weight = nnx.Param(jnp.ones((dim,)))
    self.eps = eps

  def __call__(self, x):
    ms = jnp.mean(x * x, axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(ms + self.eps) * self.weight[...]


class MLPBlock(nnx.Module):

  def __init__(self, d_model, d_ff, *, rngs):
    self.norm = RMSNorm(d_model)
    self.mlp = LlamaMLP(d_model, d_ff, rngs=rngs)

  def __call__(self, x):
    return x + self.mlp(self.norm(x))

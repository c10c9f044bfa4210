import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

import spmd


class Experts(nnx.Module):

  def __init__(self, cfg, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                 (cfg.expert_axis, None, None))
    self.w_in = nnx.Param(init(rngs.params(), (cfg.num_experts, cfg.d_model, cfg.d_hidden)))
    self.w_out = nnx.Param(init(rngs.params(), (cfg.num_experts, cfg.d_hidden, cfg.d_model)))

  def __call__(self, x):
    h = jax.nn.gelu(jnp.einsum("bd,edh->beh", x, self.w_in.value))
    return jnp.einsum("beh,ehd->bed", h, self.w_out.value)


class SoftMoE(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.cfg = cfg
    self.router = nnx.Linear(cfg.d_model, cfg.num_experts, use_bias=False, rngs=rngs)
    self.experts = Experts(cfg, rngs=rngs)

  def __call__(self, x):
    probs = jax.nn.softmax(self.router(x), axis=-1)
    n_local = self.experts.w_in.value.shape[0]
    start = lax.axis_index(self.cfg.expert_axis) * n_local
    local_probs = lax.dynamic_slice_in_dim(probs, start, n_local, axis=1)
    y = self.experts(x)
    return spmd.combine_experts(jnp.einsum("be,bed->bd", local_probs, y),
                                self.cfg.expert_axis)


def build_moe(cfg, seed=0):
  return SoftMoE(cfg, rngs=nnx.Rngs(seed))

import jax
import jax.numpy as jnp
from flax import nnx

from .dispatch import combine, dispatch


class MoEBlock(nnx.Module):

  def __init__(self, d_model, d_ff, num_experts, capacity, *, rngs: nnx.Rngs,
               axis_name='expert'):
    init = nnx.initializers.lecun_normal()
    self.router = nnx.Linear(d_model, num_experts, use_bias=False, rngs=rngs)
    self.wi = nnx.Param(init(rngs.params(), (num_experts, d_model, d_ff)))
    self.wo = nnx.Param(init(rngs.params(), (num_experts, d_ff, d_model)))
    self.capacity = capacity
    self.num_experts = num_experts
    self.axis_name = axis_name

  def __call__(self, x):
    logits = self.router(x)
    probs = jax.nn.softmax(logits, axis=-1)
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    mask = jax.nn.one_hot(expert, self.num_experts)
    pos = (jnp.cumsum(mask, axis=0) - 1.0) * mask
    slot = jax.nn.one_hot(pos.sum(-1).astype(jnp.int32), self.capacity)
    dispatch_mask = mask[:, :, None] * slot[:, None, :]  # [T, E, C]

    buf = dispatch(x, dispatch_mask, self.axis_name)  # [E, C, D] per source shard
    h = jax.nn.silu(jnp.einsum('ecd,edf->ecf', buf, self.wi[...]))
    out = jnp.einsum('ecf,efd->ecd', h, self.wo[...])
    return combine(out, dispatch_mask * gate[:, None, None], self.axis_name)

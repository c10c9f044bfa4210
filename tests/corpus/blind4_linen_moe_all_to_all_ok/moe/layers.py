from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp

from . import dispatch as dx


class Experts(nn.Module):
  num_local_experts: int
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):  # [shards, local_experts, capacity, d]
    wi = self.param('wi', nn.initializers.lecun_normal(batch_axis=(0,)),
                    (self.num_local_experts, self.d_model, self.d_ff))
    wo = self.param('wo', nn.initializers.lecun_normal(batch_axis=(0,)),
                    (self.num_local_experts, self.d_ff, self.d_model))
    h = jax.nn.relu(jnp.einsum('secd,edf->secf', x, wi))
    return jnp.einsum('secf,efd->secd', h, wo)


class MoeBlock(nn.Module):
  num_experts: int
  num_local_experts: int
  d_model: int
  d_ff: int
  capacity: int
  expert_axis: str = 'expert'

  @nn.compact
  def __call__(self, x):  # [tokens, d] local tokens
    logits = nn.Dense(self.num_experts, use_bias=False, name='router')(x)
    probs = jax.nn.softmax(logits)
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, self.num_experts)
    position = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    keep = (position < self.capacity) * onehot
    slot = jax.nn.one_hot(position.sum(-1).astype(jnp.int32), self.capacity)
    dispatch_mask = keep[:, :, None] * slot[:, None, :]            # [t, e, c]
    buckets = jnp.einsum('tec,td->ecd', dispatch_mask, x)
    local = dx.dispatch(buckets, self.expert_axis)
    out = Experts(self.num_local_experts, self.d_model, self.d_ff, name='experts')(local)
    out = dx.combine(out, self.expert_axis)
    y = jnp.einsum('tec,ecd->td', dispatch_mask, out)
    return x + gate[:, None] * y

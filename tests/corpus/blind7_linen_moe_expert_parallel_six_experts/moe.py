import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class SwitchMoE(nn.Module):
  """Top-1 routed MoE. Must run under shard_map: experts are split over `expert_axis` and tokens
  are exchanged with all_to_all."""
  num_experts: int
  d_ff: int
  capacity_factor: float = 1.25
  expert_axis: str = 'expert'

  @nn.compact
  def __call__(self, x):
    tokens, d = x.shape
    n_shards = lax.axis_size(self.expert_axis)
    local_experts = self.num_experts // n_shards
    capacity = int(self.capacity_factor * tokens / self.num_experts)

    logits = nn.Dense(self.num_experts, use_bias=False, name='router')(x)
    probs = jax.nn.softmax(logits, axis=-1)
    expert = jnp.argmax(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, self.num_experts)
    position = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    keep = onehot * (position < capacity)
    dispatch = keep[..., None] * jax.nn.one_hot(position, capacity)
    combine = dispatch * jnp.max(probs, axis=-1)[:, None, None]

    wi = self.param('wi', nn.initializers.lecun_normal(), (local_experts, d, self.d_ff))
    wo = self.param('wo', nn.initializers.lecun_normal(), (local_experts, self.d_ff, d))

    expert_in = jnp.einsum('tec,td->ecd', dispatch, x)
    expert_in = lax.all_to_all(expert_in, self.expert_axis, 0, 1, tiled=True)
    h = nn.gelu(jnp.einsum('ecd,edf->ecf', expert_in, wi))
    expert_out = jnp.einsum('ecf,efd->ecd', h, wo)
    expert_out = lax.all_to_all(expert_out, self.expert_axis, 1, 0, tiled=True)
    return jnp.einsum('tec,ecd->td', combine, expert_out)


class MoEBlock(nn.Module):
  num_experts: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    y = SwitchMoE(self.num_experts, self.d_ff, name='moe')(nn.LayerNorm(name='ln')(x))
    return x + y

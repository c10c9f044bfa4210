import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class ExpertFFN(nn.Module):
  d_ff: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(self.d_ff)(x)))


class MoELayer(nn.Module):
  """Top-1 MoE with one expert per device along `expert_axis`."""
  num_experts: int
  capacity: int
  expert_axis: str

  @nn.compact
  def __call__(self, x):
    t, d = x.shape
    gate = nn.Dense(self.num_experts, use_bias=False)(x)
    idx = jnp.argmax(gate, -1)
    onehot = jax.nn.one_hot(idx, self.num_experts)
    pos = (jnp.cumsum(onehot, 0) - 1) * onehot
    dispatch = onehot[..., None] * jax.nn.one_hot(pos.sum(-1), self.capacity)[:, None, :]
    buckets = jnp.einsum('tec,td->ecd', dispatch, x)                   # [E, C, d]
    buckets = lax.all_to_all(buckets, self.expert_axis, split_axis=0, concat_axis=0, tiled=True)
    out = nn.jit(ExpertFFN)(4 * d)(buckets)
    out = lax.all_to_all(out, self.expert_axis, split_axis=0, concat_axis=0, tiled=True)
    return jnp.einsum('tec,ecd->td', dispatch, out)

import flax.linen as nn
import jax
import jax.numpy as jnp

EXPERT_AXIS = 'expert'


class ExpertFFN(nn.Module):
  num_local_experts: int
  d_ff: int

  @nn.compact
  def __call__(self, x):  # x: (num_local_experts, tokens, d)
    w1 = self.param('w1', nn.initializers.lecun_normal(),
                    (self.num_local_experts, x.shape[-1], self.d_ff))
    w2 = self.param('w2', nn.initializers.lecun_normal(),
                    (self.num_local_experts, self.d_ff, x.shape[-1]))
    h = nn.gelu(jnp.einsum('etd,edf->etf', x, w1))
    return jnp.einsum('etf,efd->etd', h, w2)


class MoELayer(nn.Module):
  num_experts: int
  capacity: int
  d_ff: int

  @nn.compact
  def __call__(self, x):  # x: (tokens, d), tokens local to this device
    n_dev = jax.lax.axis_size(EXPERT_AXIS)
    logits = nn.Dense(self.num_experts, use_bias=False)(x)
    expert = jnp.argmax(logits, axis=-1)
    dispatch = jax.nn.one_hot(expert, self.num_experts)[:, :, None] * \
        jax.nn.one_hot(jnp.arange(x.shape[0]) % self.capacity, self.capacity)[:, None, :]
    buckets = jnp.einsum('tec,td->ecd', dispatch, x)          # (E, C, d)
    buckets = jax.lax.all_to_all(buckets, EXPERT_AXIS, split_axis=0, concat_axis=1,
                                 tiled=True)                    # (E/n, n*C, d)
    out = ExpertFFN(self.num_experts // n_dev, self.d_ff)(buckets)
    out = jax.lax.all_to_all(out, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)
    return jnp.einsum('tec,ecd->td', dispatch, out)

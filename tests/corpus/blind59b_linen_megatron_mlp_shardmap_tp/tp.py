import flax.linen as nn
import jax
import jax.numpy as jnp


class TPMlp(nn.Module):
  """Megatron MLP. `hidden` is the per-shard width when run inside shard_map."""
  d_model: int
  hidden: int
  axis_name: str | None = None

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, name='fc1')(x)
    h = nn.gelu(h)
    y = nn.Dense(self.d_model, use_bias=False, name='fc2')(h)
    if self.axis_name is not None:
      y = jax.lax.psum(y, self.axis_name)
    b = self.param('fc2_bias', nn.initializers.zeros_init(), (self.d_model,))
    return y + b


def param_specs(P, axis):
  return {
      'fc1': {'kernel': P(None, axis), 'bias': P(axis)},
      'fc2': {'kernel': P(axis, None)},
      'fc2_bias': P(),
  }

import flax.linen as nn
import jax


class TPMlp(nn.Module):
  d_model: int
  hidden: int
  axis_name: str | None = None

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, name='fc1')(x)
    h = nn.gelu(h)
    y = nn.Dense(self.d_model, name='fc2')(h)
    if self.axis_name is not None:
      y = jax.lax.psum(y, self.axis_name)
    return y


def param_specs(P, axis):
  # row-parallel fc2: bias is added after the psum, so it has no spec
  return {
      'fc1': {'kernel': P(None, axis), 'bias': P(axis)},
      'fc2': {'kernel': P(axis, None)},
  }

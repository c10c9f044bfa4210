"""One pipeline stage per device: the activation goes stage i -> stage i+1 with psend/precv."""
import jax
import jax.numpy as jnp
import flax.linen as nn

STAGE_AXIS = 'stage'


def send_to_next(x, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = jax.lax.psend(x, STAGE_AXIS, perm)
  out_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
  return jax.lax.precv(token, out_shape, STAGE_AXIS, perm)


class StageMLP(nn.Module):
  hidden: int
  num_stages: int

  @nn.compact
  def __call__(self, x, send: bool = True):
    h = nn.Dense(self.hidden)(x)
    h = nn.gelu(h)
    h = nn.Dense(x.shape[-1])(h)
    y = x + h
    if not send:  # initialisation, outside the pipeline's shard_map
      return y
    return send_to_next(y, self.num_stages)

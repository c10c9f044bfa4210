"""Per-example model written for unbatched inputs, batched with jax.vmap(axis_name=...):
BatchNorm(axis_name='batch') reduces its statistics over the vmapped axis."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class PointEncoder(nn.Module):
  """Encodes ONE point cloud [num_points, 3]."""

  @nn.compact
  def __call__(self, pts, train: bool = True):
    h = nn.Dense(64)(pts)
    h = nn.BatchNorm(use_running_average=not train, axis_name='batch')(h)
    h = nn.relu(h)
    return jnp.max(nn.Dense(128)(h), axis=0)


model = PointEncoder()
clouds = jnp.ones((16, 256, 3))

init = jax.vmap(model.init, in_axes=(None, 0), out_axes=None, axis_name='batch')
variables = init(jax.random.PRNGKey(0), clouds)


def train_forward(variables, clouds):
  apply = jax.vmap(
      lambda v, x: model.apply(v, x, mutable=['batch_stats']),
      in_axes=(None, 0), out_axes=(0, None), axis_name='batch')
  feats, updates = apply(variables, clouds)
  return feats, updates['batch_stats']


lowered = jax.jit(train_forward).trace(variables, clouds).lower(lowering_platforms=('cuda',))
print(lowered.out_info[0].shape)

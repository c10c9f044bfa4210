"""Data-parallel BatchNorm ResNet stem under jax.shard_map, with the mesh set by jax.set_mesh."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class Stem(nn.Module):
  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Conv(32, (7, 7), (2, 2), padding=[(3, 3), (3, 3)], use_bias=False)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='data')(x)
    x = nn.relu(x)
    return nn.max_pool(x, (3, 3), strides=(2, 2), padding='SAME')


model = Stem()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 64, 64, 3)), train=False)


@partial(jax.shard_map, in_specs=(P(), P('data')), out_specs=(P('data'), P()))
def forward(variables, images):
  y, updates = model.apply(variables, images, mutable=['batch_stats'])
  return y, updates


mesh = jax.make_mesh((4,), ('data',))
with jax.set_mesh(mesh):
  lowered = jax.jit(forward).trace(variables, jnp.ones((8, 64, 64, 3))).lower(
      lowering_platforms=('cuda',))
print(lowered.as_text()[:10])

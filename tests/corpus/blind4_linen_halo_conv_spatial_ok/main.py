import functools

import jax
import jax.experimental.shard_map
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from spatial.layers import ConvBlock

devices = jax.devices()
mesh = Mesh(devices, axis_names=('space',))
block = ConvBlock(features=8, axis_name='space', num_shards=len(devices))

images = jnp.zeros((2, 32, 32, 3))
shard_images = functools.partial(jax.experimental.shard_map.shard_map, mesh=mesh,
                                 in_specs=P(None, 'space'), out_specs=P(), check_rep=False)
variables = jax.jit(shard_images(lambda im: block.init(jax.random.key(0), im)))(images)


def apply_fn(variables, images):
  return block.apply(variables, images)


forward = jax.experimental.shard_map.shard_map(
    apply_fn, mesh=mesh, in_specs=(P(), P(None, 'space')), out_specs=P(None, 'space'))
jax.jit(forward).trace(variables, images).lower(lowering_platforms=('cuda',))

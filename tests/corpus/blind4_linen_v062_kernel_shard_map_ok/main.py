"""A 'shifted residual' layer: each device adds its left neighbour's projected block."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ops import right_permute

mesh = Mesh(np.array(jax.devices()), ('x',))
N = mesh.devices.size


def init_layer(rng, d):
  return {'w': jax.random.normal(rng, (d, d)) * d ** -0.5, 'b': jnp.zeros((d,))}


def apply_layer(params, x):
  h = x @ params['w'] + params['b']
  return h + right_permute(h, axis_name='x', num_devices=N)


params = init_layer(jax.random.PRNGKey(0), 128)
layer = jax.jit(shard_map(apply_layer, mesh, in_specs=(P(), P('x', None)),
                          out_specs=P('x', None), check_rep=False))
x = jax.ShapeDtypeStruct((8 * N, 128), jnp.float32)
layer.trace(params, x).lower(lowering_platforms=('tpu',))

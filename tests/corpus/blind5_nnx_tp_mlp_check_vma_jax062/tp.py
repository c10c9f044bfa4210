from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def mlp_block(params, x, axis_name):
  h = jax.nn.relu(x @ params['wi'])
  return jax.lax.psum(h @ params['wo'], axis_name)


def make_tp_forward(mesh, axis_name='model'):
  param_specs = {'wi': P(None, axis_name), 'wo': P(axis_name, None)}
  fwd = shard_map(partial(mlp_block, axis_name=axis_name), mesh=mesh,
                  in_specs=(param_specs, P()), out_specs=P(), check_vma=False)
  return jax.jit(fwd)

import jax
import jax.experimental.shard_map
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_mlp(key, dim, hidden):
  k1, k2 = jax.random.split(key)
  return {
      'w_in': jax.random.normal(k1, (dim, hidden)) * dim ** -0.5,
      'w_out': jax.random.normal(k2, (hidden, dim)) * hidden ** -0.5,
  }


def mlp_block(params, x, *, axis_name):
  h = jax.nn.gelu(x @ params['w_in'])       # column parallel: hidden is local
  return jax.lax.psum(h @ params['w_out'], axis_name)  # row parallel: sum partials


def tensor_parallel(mesh, fn, model_axis='model', data_axis='data'):
  param_specs = {'w_in': P(None, model_axis), 'w_out': P(model_axis, None)}
  return jax.experimental.shard_map.shard_map(
      fn, mesh,
      in_specs=(param_specs, P()),
      out_specs=P(),
      check_rep=False,
      auto=frozenset({data_axis}),
  )

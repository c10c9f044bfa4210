import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class MLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, dim, hidden, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(dim, hidden, use_bias=False, key=k1)
    self.down = eqx.nn.Linear(hidden, dim, use_bias=False, key=k2)


def mlp_shard(params, static, x):
  mlp = eqx.combine(params, static)
  h = jax.nn.gelu(x @ mlp.up.weight.T)        # column parallel: [B, hidden/4]
  partial_out = h @ mlp.down.weight.T         # row parallel: [B, dim] partial sums
  return jax.lax.psum(partial_out, 'model')


mesh = Mesh(np.array(jax.devices()), ('model',))
mlp = MLP(32, 128, jax.random.PRNGKey(0))
params, static = eqx.partition(mlp, eqx.is_array)
specs = eqx.tree_at(lambda m: (m.up.weight, m.down.weight), params,
                    (P('model', None), P(None, 'model')))


def forward(params, x):
  f = shard_map(lambda p, x: mlp_shard(p, static, x), mesh=mesh,
                in_specs=(specs, P()), out_specs=P(), check_rep=False)
  return f(params, x)


x = jnp.ones((8, 32))
jax.jit(forward).trace(params, x).lower(lowering_platforms=('cuda',))

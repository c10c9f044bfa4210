"""Port of a shard_map tensor-parallel MLP to 'just jit + shardings' (GSPMD)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import ParallelMLP

mesh = Mesh(np.array(jax.devices()), ('tp',))
mlp = ParallelMLP(d_model=256, d_ff_per_shard=1024, axis_name='tp')


def shardings_for(params):
  def rule(path, leaf):
    keys = jax.tree_util.keystr(path)
    if 'ColumnParallelDense' in keys:
      return NamedSharding(mesh, P(None, 'tp') if leaf.ndim == 2 else P('tp'))
    if 'RowParallelDense' in keys and 'kernel' in keys:
      return NamedSharding(mesh, P('tp', None))
    return NamedSharding(mesh, P())
  return jax.tree_util.tree_map_with_path(rule, params)


x = jnp.zeros((32, 256))
variables = jax.eval_shape(mlp.init, jax.random.key(0), x)
var_shardings = shardings_for(variables)

apply = jax.jit(mlp.apply, in_shardings=(var_shardings, NamedSharding(mesh, P())),
                out_shardings=NamedSharding(mesh, P()))
apply.trace(variables, x).lower(lowering_platforms=('cuda',))

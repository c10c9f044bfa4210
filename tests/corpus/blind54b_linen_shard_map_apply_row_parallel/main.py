import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from model import ParallelMLP

TP = 4
mesh = jax.make_mesh((TP,), ('tp',), axis_types=(AxisType.Auto,))
mlp = ParallelMLP(d_model=256, d_ff_per_shard=1024 // TP)

# per-shard parameter shapes: column kernel [256, 256], row kernel [256, 256]
local_x = jnp.zeros((8, 256))
params = jax.eval_shape(lambda: mlp.init(jax.random.key(0), local_x))


def spec_for(path, leaf):
  names = [getattr(k, 'key', None) for k in path]
  if 'ColumnParallelDense_0' in names:
    return P(None, 'tp') if leaf.ndim == 2 else P('tp')
  if 'RowParallelDense_0' in names and 'local' in names:
    return P('tp', None)
  return P()


# global params: stack the column/row shards along the sharded dim
def globalize(path, leaf):
  spec = spec_for(path, leaf)
  shape = list(leaf.shape)
  for i, s in enumerate(spec):
    if s == 'tp':
      shape[i] *= TP
  return jax.ShapeDtypeStruct(tuple(shape), leaf.dtype)


global_params = jax.tree_util.tree_map_with_path(globalize, params)
param_specs = jax.tree_util.tree_map_with_path(spec_for, params)


def forward(params, x):
  return mlp.apply(params, x)


with jax.set_mesh(mesh):
  fwd = jax.jit(jax.shard_map(forward, in_specs=(param_specs, P()), out_specs=P()))
  x = jax.ShapeDtypeStruct((8, 256), jnp.float32)
  fwd.trace(global_params, x).lower(lowering_platforms=('cuda',))

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import ShardedMlp

TP = 2
D_MODEL, D_FF = 256, 1024

mesh = jax.make_mesh((2, TP), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
local_mlp = ShardedMlp(d_model=D_MODEL, d_ff_per_shard=D_FF // TP)
param_specs = {'params': {'wi': {'Dense_0': {'kernel': P(None, 'model')}},
                          'wo': {'Dense_0': {'kernel': P('model', None)}}}}


def mlp_forward(variables, x):
  y = local_mlp.apply(variables, x)
  return y


forward = jax.jit(jax.shard_map(mlp_forward, mesh=mesh,
                                in_specs=(param_specs, P('data', None)),
                                out_specs=P('data', None)))

if __name__ == '__main__':
  variables = {'params': {
      'wi': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((D_MODEL, D_FF), jnp.float32)}},
      'wo': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((D_FF, D_MODEL), jnp.float32)}}}}
  x = jax.ShapeDtypeStruct((16, D_MODEL), jnp.float32, sharding=NamedSharding(mesh, P('data', None)))
  forward.trace(variables, x).lower(lowering_platforms=('cuda',))

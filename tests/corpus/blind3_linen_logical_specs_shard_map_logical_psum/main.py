import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import sharding_rules
from layers import ShardedMlp

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), sharding_rules.MESH_AXES)
model = ShardedMlp(d_ff=64, reduce_axis='mlp')

x = jnp.ones((8, 16))
abstract_vars = jax.eval_shape(jax.jit(model.init), jax.random.key(0), x)
logical_specs = nn.get_partition_spec(abstract_vars)
param_specs = nn.logical_to_mesh(logical_specs, sharding_rules.LOGICAL_AXIS_RULES)
x_spec = nn.logical_to_mesh_axes(('batch', 'embed'), sharding_rules.LOGICAL_AXIS_RULES)


def forward(variables, x):
  # Inside shard_map each device sees its slice of the mlp dimension.
  local_model = model.clone(d_ff=model.d_ff // mesh.shape['model'])
  return local_model.apply(variables, x)


forward = jax.shard_map(forward, mesh=mesh, in_specs=(param_specs, x_spec), out_specs=x_spec)
lowered = jax.jit(forward).trace(abstract_vars, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:100])

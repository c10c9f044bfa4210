from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from sharding_rules import DP, RULES, TP
from tp_layers import TPMlp

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DP, TP))
model = TPMlp(d_ff=256)
x_struct = jax.ShapeDtypeStruct((8, 64), jnp.bfloat16, sharding=NamedSharding(mesh, P(DP)))
boxed = jax.eval_shape(model.init, jax.random.key(0), x_struct)
param_specs = nn.logical_to_mesh(nn.get_partition_spec(boxed), RULES)
param_structs = jax.tree.map(
    lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, s)),
    nn.unbox(boxed), param_specs)


def forward(variables, x):
  return jax.shard_map(model.apply, mesh=mesh, in_specs=(param_specs, P(DP)),
                       out_specs=P(DP))(variables, x)


if __name__ == '__main__':
  exported = jax.export.export(jax.jit(forward), platforms=['tpu'])(param_structs, x_struct)
  print(exported.in_shardings_hlo[:2])

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from tp import TPAttentionOut

mesh = Mesh(np.array(jax.devices()), ('tp',))
model = TPAttentionOut(heads_per_device=2, head_dim=16, features=64)

# activations: [batch, seq, hidden], replicated over the tensor-parallel axis
x = jax.ShapeDtypeStruct((2, 16, 64), jnp.float32)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P())
def init(x):
  return model.init(jax.random.key(0), x)


params = jax.eval_shape(init, x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P(None, 'tp'))
def forward(params, x):
  return model.apply(params, x)


forward.trace(params, x).lower(lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from layers import ParallelConfig, ParallelMLP

cfg = ParallelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.data_axis, cfg.tensor_axis))
mlp = ParallelMLP(cfg)
x = jnp.ones((8, cfg.hidden))

# The global (unsharded) parameter shapes, with their partitioning metadata.
boxed = {'params': {
    'wi': {'kernel': nn.Partitioned(jax.ShapeDtypeStruct((cfg.hidden, cfg.intermediate), jnp.float32),
                                    (None, cfg.tensor_axis))},
    'wo': {'kernel': nn.Partitioned(jax.ShapeDtypeStruct((cfg.intermediate, cfg.hidden), jnp.float32),
                                    (cfg.tensor_axis, None))},
}}
param_specs = nn.get_partition_spec(boxed)
params = nn.unbox(boxed)


def forward(params, x):
  return mlp.apply(params, x)


sharded_forward = jax.jit(jax.shard_map(forward, mesh=mesh,
                                        in_specs=(param_specs, P(cfg.data_axis)),
                                        out_specs=P(cfg.data_axis)))
sharded_forward.trace(params, x).lower(lowering_platforms=("cuda",))

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe import EXPERT_AXIS, MoELayer

mesh = Mesh(np.array(jax.devices()), (EXPERT_AXIS,))
layer = MoELayer(num_experts=6, capacity=8, d_ff=64)


def forward(x):
  variables = layer.init(jax.random.key(0), x)
  return layer.apply(variables, x)


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=P(EXPERT_AXIS),
                            out_specs=P(EXPERT_AXIS), check_vma=False))
fwd.trace(jnp.ones((64, 32))).lower(lowering_platforms=('cuda',))

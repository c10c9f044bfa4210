import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model.layers import PipelineStage

mesh = Mesh(np.array(jax.devices()), ('stage',))
model = PipelineStage(features=32)
x = jnp.ones((8, 32))
params = model.init(jax.random.key(0), x)


def forward(params, x):
  return model.apply(params, x)


forward = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('stage')),
                                out_specs=P('stage'), check_vma=False))

if __name__ == '__main__':
  forward.trace(params, x).lower(lowering_platforms=('cuda',))

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ring_allreduce import ring_all_reduce


class RowParallel(nnx.Module):

  def __init__(self, d_in, d_out, rngs):
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (d_in, d_out)) * 0.02)

  def __call__(self, x):
    return ring_all_reduce(x @ self.kernel.value, axis_name='tp', num_devices=4)


mesh = Mesh(np.array(jax.devices()), ('tp',))
layer = RowParallel(128, 128, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
  f = nnx.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P('tp'), P(None, 'tp')),
                    out_specs=P())
  return f(layer, x)


forward.trace(layer, jnp.ones((8, 128), jnp.float32)).lower(lowering_platforms=('tpu',))

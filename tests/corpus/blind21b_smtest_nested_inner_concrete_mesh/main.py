import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class TwoLevel:
  def __init__(self):
    self.mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('i', 'j'))

  def inner(self, x):
    return jax.shard_map(lambda b: lax.psum(b, 'j'), mesh=self.mesh, in_specs=P(None, 'j'),
                         out_specs=P(), axis_names={'j'})(x)

  def outer(self, x):
    return self.inner(x) * lax.axis_index('i')

  def __call__(self, x):
    f = jax.shard_map(self.outer, mesh=self.mesh, in_specs=P('i', None), out_specs=P('i', None),
                      axis_names={'i'})
    return jax.jit(f).trace(x).lower(lowering_platforms=('cuda',))


TwoLevel()(jnp.ones((8, 8)))

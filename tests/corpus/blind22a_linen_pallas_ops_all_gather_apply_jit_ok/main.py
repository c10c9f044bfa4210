import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.experimental.pallas.ops.tpu import all_gather as ag_ops
from jax.sharding import Mesh


class GatherThenProject(nn.Module):
  mesh: Mesh
  features: int
  axis: str = 'seq'

  @nn.compact
  def __call__(self, x):
    if self.is_initializing():
      full = x
    else:
      full = ag_ops.all_gather(x, mesh=self.mesh, axis_name=self.axis)
    return nn.Dense(self.features)(full)


mesh = Mesh(np.array(jax.devices()), ('seq',))
model = GatherThenProject(mesh=mesh, features=128)
x = jnp.ones((64, 128), jnp.float32)
params = model.init(jax.random.key(0), x)
jax.jit(model.apply).trace(params, x).lower(lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import right_permute


class NeighbourMix(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    y = self.lin(x)
    return y + right_permute(y, 'x')


@nnx.jit
def forward(model, x):
  return model(x)


mesh = Mesh(np.array(jax.devices()), ('x',))
model = NeighbourMix(128, nnx.Rngs(0))
graphdef, state = nnx.split(model)
x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('x')))
jax.jit(lambda s, x: forward(nnx.merge(graphdef, s), x)).trace(state, x).lower(
    lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from jax.experimental import mesh_utils

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))


class DotReluDot(nnx.Module):
  def __init__(self, depth, rngs):
    init = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, kernel_init=nnx.with_partitioning(init, (None, 'model')),
                           use_bias=False, rngs=rngs)

  def __call__(self, x):
    return jax.nn.relu(self.dot1(x))


with mesh:
  model = DotReluDot(16, rngs=nnx.Rngs(0))
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', None)))
  fwd = nnx.jit(lambda m, x: m(x))
  print(fwd.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])

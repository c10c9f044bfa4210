import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx
import numpy as np

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


class MLP(nnx.Module):
  def __init__(self, din, dhidden, rngs):
    self.up = nnx.Linear(din, dhidden,
                         kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                                           (None, 'model')),
                         rngs=rngs)
    self.down = nnx.Linear(dhidden, din,
                           kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                                             ('model', None)),
                           rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


with mesh:                        # pre-0.12 guide style
  model = MLP(32, 128, nnx.Rngs(0))
  graphdef, state = nnx.split(model)
  fwd = jax.jit(lambda s, x: nnx.merge(graphdef, s)(x))
  print(fwd.trace(state, jnp.ones((4, 32))).lower(lowering_platforms=('cuda',)).as_text()[:40])

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from halo import with_halo

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ('x',))


class Smoother(nnx.Module):
  def __init__(self, ch, rngs):
    self.conv = nnx.Conv(ch, ch, kernel_size=(3,), padding='VALID', rngs=rngs)

  def __call__(self, u):
    return u + 0.1 * self.conv(with_halo(u, 'x', N))


@nnx.jit
def smooth(model, u):
  def body(i, carry):
    model, u = carry
    return model, model(u)

  _, u = nnx.fori_loop(0, 10, body, (model, u))
  return u


model = Smoother(2, nnx.Rngs(0))
u = jax.device_put(jnp.ones((64, 2)), NamedSharding(mesh, P('x')))
lowered = smooth.trace(model, u).lower(lowering_platforms=('cuda',))
print(lowered is not None)

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))


class RingShift(eqx.Module):
  scale: jax.Array

  def __init__(self):
    self.scale = jnp.ones((128,))

  def __call__(self, x):
    return right_permute(x * self.scale, 4)


layer = RingShift()
x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('x')))

shift = jax.jit(lambda m, x: m(x))  # RingShift holds only arrays: a plain pytree
print(shift.trace(layer, x).lower(lowering_platforms=('tpu',)).as_text()[:20])

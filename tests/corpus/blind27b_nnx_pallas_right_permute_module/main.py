import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

num_devices = jax.device_count()
mesh = jax.make_mesh((num_devices,), ('x',), axis_types=(jax.sharding.AxisType.Explicit,))


class RingShift(nnx.Module):
  def __init__(self, rngs):
    self.scale = nnx.Param(jnp.ones((128,)))

  def __call__(self, x):
    return right_permute(x * self.scale[...], num_devices)


model = RingShift(nnx.Rngs(0))

shift = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'),
                      check_vma=False)
shift = nnx.jit(shift)

x = jax.device_put(jnp.arange(num_devices * 8 * 128.).reshape(num_devices * 8, 128),
                   NamedSharding(mesh, P('x')))
print(shift.trace(model, x).lower(lowering_platforms=('tpu',)).as_text()[:20])

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from halo import ShiftMixer

mesh = jax.make_mesh((2, 2), ('data', 'ring'),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
layer = ShiftMixer(128, axis_name='ring', num_devices=mesh.shape['ring'], rngs=nnx.Rngs(0))


@nnx.jit
def apply(layer, x):
  # manual over the ring only; the batch stays under the compiler's control
  mixed = nnx.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P(), P(None, 'ring')),
                        out_specs=P(None, 'ring'), axis_names={'ring'}, check_vma=False)
  return mixed(layer, x)


x = jnp.ones((4, 16, 128), jnp.float32)
apply.trace(layer, x).lower(lowering_platforms=('tpu',))

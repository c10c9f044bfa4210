import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mylib.kernels import make_right_permute

mesh = jax.make_mesh((2, 2), ('data', 'x'), axis_types=(AxisType.Auto, AxisType.Auto))
right_permute = make_right_permute((8, 128), jnp.float32, 'x', 2)

permute = jax.shard_map(right_permute, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x'),
                        axis_names={'x'}, check_vma=False)
permute = jax.jit(permute)

input_arr = jax.ShapeDtypeStruct((8, 256), jnp.float32,
                                 sharding=NamedSharding(mesh, P(None, 'x')))
permute.trace(input_arr).lower(lowering_platforms=('tpu',))

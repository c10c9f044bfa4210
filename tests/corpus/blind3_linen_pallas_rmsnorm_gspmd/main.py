import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Block

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
model = Block(dim=128)
params = jax.eval_shape(model.init, jax.random.key(0), jax.ShapeDtypeStruct((8, 128), jnp.float32))

forward = jax.jit(model.apply,
                  in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P('data'))),
                  out_shardings=NamedSharding(mesh, P('data')))

x = jax.ShapeDtypeStruct((4 * 16, 128), jnp.float32)
forward.trace(params, x).lower(lowering_platforms=('tpu',))

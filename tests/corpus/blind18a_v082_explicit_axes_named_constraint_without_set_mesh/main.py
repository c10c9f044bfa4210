import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from resmlp import make_forward

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
forward = jax.jit(make_forward(mesh))

params = [jnp.eye(32) * 0.5 for _ in range(3)]
x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data', None)))
forward.trace(params, x).lower(lowering_platforms=('cuda',))

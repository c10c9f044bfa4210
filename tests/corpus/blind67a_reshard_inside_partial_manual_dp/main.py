import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import layers
from train import train_step

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
  params = jax.jit(layers.init, static_argnums=(1, 2, 3))(jax.random.key(0), 64, 256, 8)
  x = jax.ShapeDtypeStruct((32, 64), jnp.float32, sharding=NamedSharding(mesh, P("data")))
  y = jax.ShapeDtypeStruct((32, 8), jnp.float32, sharding=NamedSharding(mesh, P("data")))
  train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))

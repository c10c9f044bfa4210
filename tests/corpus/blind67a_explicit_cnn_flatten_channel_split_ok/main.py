import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import model
import train

mesh = jax.make_mesh((2, 2), ("data", "model"))

with jax.set_mesh(mesh):
  params = jax.jit(model.init)(jax.random.key(0))
  opt_state = jax.jit(train.tx.init)(params)
  images = jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32,
                                sharding=NamedSharding(mesh, P("data")))
  labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=NamedSharding(mesh, P("data")))
  step = jax.jit(train.train_step, donate_argnums=(0, 1))
  step.trace(params, opt_state, images, labels).lower(lowering_platforms=("cuda",))

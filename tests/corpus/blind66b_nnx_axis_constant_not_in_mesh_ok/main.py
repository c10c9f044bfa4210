import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from train import create_sharded_model, train_step

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = create_sharded_model(128)
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  x = jnp.ones((32, 128), jnp.float32)
  y = jnp.zeros((32, 128), jnp.float32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from model import Regressor
from train import train_step

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = Regressor(128, 512, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  x = jnp.ones((16, 128), jnp.float32)
  y = jnp.zeros((16, 1), jnp.float32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from models import TPStack
from train import make_train_step

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = TPStack(64, 256, num_layers=2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

train_step = make_train_step(mesh, model)

x = jnp.ones((16, 64), jnp.float32)
y = jnp.zeros((16, 1), jnp.float32)
with jax.set_mesh(mesh):
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))

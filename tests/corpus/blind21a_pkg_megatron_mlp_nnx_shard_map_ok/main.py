import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from model import ParallelMLP, TP_AXIS, make_train_step

mesh = jax.make_mesh((4,), (TP_AXIS,), axis_types=(AxisType.Auto,))

with jax.set_mesh(mesh):
  model = ParallelMLP(32, 128, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)

graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)
train_step = make_train_step(mesh, graphdef, param_specs)

x = jnp.ones((8, 32))
y = jnp.zeros((8, 32))
with jax.set_mesh(mesh):
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

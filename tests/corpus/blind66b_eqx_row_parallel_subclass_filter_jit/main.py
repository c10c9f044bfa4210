import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType

import parallel
from models import ParallelMLP
from models.linear import TP_AXIS
from train import make_train_step

mesh = jax.make_mesh((2, 2), (parallel.DP_AXIS, TP_AXIS),
                     axis_types=(AxisType.Auto, AxisType.Auto))

model = ParallelMLP(128, 512, 2, 1, key=jax.random.key(0))
model = parallel.shard_model(model, mesh)
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

train_step = make_train_step(mesh, optim)
params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
  loss, model, opt_state = train_step(eqx.combine(params, static), opt_state, x, y)
  return loss, eqx.filter(model, eqx.is_array), opt_state


x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
y = jax.ShapeDtypeStruct((32, 1), jnp.float32)
jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))

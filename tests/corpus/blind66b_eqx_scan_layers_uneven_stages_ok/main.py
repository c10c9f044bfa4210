import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType

import config
from model import StackedMLP
from train import make_train_step

mesh = jax.make_mesh((4,), (config.STAGE_AXIS,), axis_types=(AxisType.Auto,))

model = StackedMLP(config.WIDTH, config.NUM_LAYERS, key=jax.random.key(0))
layer_params, layer_static = eqx.partition(model.layers, eqx.is_array)

optim = optax.adamw(1e-3)
opt_state = optim.init(layer_params)
train_step = make_train_step(mesh, optim, layer_static)

x = jax.ShapeDtypeStruct((config.BATCH, config.WIDTH), jnp.float32)
y = jax.ShapeDtypeStruct((config.BATCH, config.WIDTH), jnp.float32)
jax.jit(train_step).trace(layer_params, opt_state, x, y).lower(lowering_platforms=("tpu",))

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

import parallel
from model import Net
from train import make_train_step

mesh = Mesh(np.array(jax.devices()), (parallel.DATA_AXIS,))

model, state = eqx.nn.make_with_state(Net)(10, key=jax.random.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
train_step = make_train_step(mesh, optim)

params, static = eqx.partition(model, eqx.is_array)


def step(params, state, opt_state, x, y):
  model, state, opt_state, loss = train_step(
      eqx.combine(params, static), state, opt_state, x, y)
  return eqx.filter(model, eqx.is_array), state, opt_state, loss


x = jax.ShapeDtypeStruct((32, 3, 32, 32), jnp.float32)
y = jax.ShapeDtypeStruct((32,), jnp.int32)
jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("tpu",))

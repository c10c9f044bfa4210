import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh

from model import RULES, MlpBlock

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = MlpBlock()
tx = optax.adamw(1e-3)


def init_fn(rng, x):
  variables = model.init(rng, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=tx)


x = jnp.ones((16, 512), jnp.float32)
abstract_state = jax.eval_shape(init_fn, jax.random.key(0), x)
state_specs = nn.get_partition_spec(abstract_state)
state_sharding = nn.logical_to_mesh_sharding(state_specs, mesh, RULES)

with mesh, nn.logical_axis_rules(RULES):
  state = jax.jit(init_fn, out_shardings=state_sharding)(jax.random.key(0), x)


@functools.partial(jax.jit, donate_argnums=0)
def train_step(state, x):
  def loss_fn(params):
    y = state.apply_fn({"params": params}, x)
    return jnp.mean((y.astype(jnp.float32) - x) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


with mesh, nn.logical_axis_rules(RULES):
  train_step.trace(state, x).lower(lowering_platforms=("tpu",))

import jax
import jax.numpy as jnp
import optax
from flax import nnx

from layers import StackedBlocks


@nnx.jit(static_argnums=(0, 1))
def create_sharded_model(depth, num_layers):
  model = StackedBlocks(depth, num_layers, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


def make_optimizer(model):
  return nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):

  def loss_fn(model):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss

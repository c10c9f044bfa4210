from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

import sharding as shd
from model import DotReluDot


@partial(nnx.jit, static_argnums=0)
def create_sharded_model(depth):
  model = DotReluDot(depth, rngs=nnx.Rngs(0))   # unsharded at this moment
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  x = jax.lax.with_sharding_constraint(x, P(shd.DATA, None))

  def loss_fn(model):
    return optax.l2_loss(model(x), y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss

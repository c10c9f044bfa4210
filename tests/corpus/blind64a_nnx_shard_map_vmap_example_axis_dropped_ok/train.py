import jax.numpy as jnp
from jax import lax
from flax import nnx

from model import DATA_AXIS, EXAMPLE_AXIS


def loss_fn(model, x, y):
  per_example = nnx.vmap(lambda m, xi: m(xi), in_axes=(None, 0), axis_name=EXAMPLE_AXIS)
  pred = per_example(model, x)
  loss = lax.pmean(jnp.mean(jnp.square(pred - y)), DATA_AXIS)
  return loss, pred


def train_step(model, optimizer, x, y):
  grads, pred = nnx.grad(loss_fn, has_aux=True)(model, x, y)
  optimizer.update(model, grads)
  return lax.pmean(jnp.mean(jnp.abs(pred - y)), DATA_AXIS)   # MAE for logging

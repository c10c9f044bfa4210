import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from .registry import register

DATA = 'data'
GRAPHDEF = {}


def _grad_step(state, loss_fn):
  model, optimizer = nnx.merge(GRAPHDEF['def'], state)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, DATA)
  optimizer.update(model, grads)
  return nnx.state((model, optimizer)), jax.lax.pmean(loss, DATA)


@register('autoencoder', in_specs=(P(), P(DATA)), out_specs=(P(), P()))
def ae_step(state, x):
  return _grad_step(state, lambda m: jnp.mean((m(x) - x) ** 2))


@register('supervised', in_specs=(P(), P(DATA)), out_specs=(P(), P()))
def sup_step(state, x, y):
  return _grad_step(
      state, lambda m: optax.softmax_cross_entropy_with_integer_labels(m(x)[:, :10], y).mean())

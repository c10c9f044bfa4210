import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.lax import psum as allreduce

DEVICE_AXIS = "devices"
optim = optax.sgd(learning_rate=1e-2, momentum=0.9)


def loss_fn(model, x, y):
  logits = jax.vmap(model)(x)
  return jnp.mean(optax.softmax_cross_entropy_with_integer_labels(logits, y))


@eqx.filter_pmap(axis_name=DEVICE_AXIS, in_axes=(None, 0, 0))
def per_device_grads(model, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  return allreduce((loss, grads), DEVICE_AXIS)


@eqx.filter_jit
def train_step(model, opt_state, x, y):
  n = jax.device_count()
  x = x.reshape(n, -1, *x.shape[1:])
  y = y.reshape(n, -1)
  loss, grads = per_device_grads(model, x, y)
  loss, grads = jax.tree.map(lambda t: t[0] / n, (loss, grads))
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss

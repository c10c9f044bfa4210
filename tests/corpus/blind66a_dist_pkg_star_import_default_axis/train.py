import jax
import jax.numpy as jnp

from dist import *


def init_params(key, d_in, d_hidden, d_out):
  k1, k2 = jax.random.split(key)
  return {
      "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
      "b1": jnp.zeros((d_hidden,)),
      "w2": jax.random.normal(k2, (d_hidden, d_out)) / jnp.sqrt(d_hidden),
      "b2": jnp.zeros((d_out,)),
  }


def predict(params, x, key, rate=0.1):
  h = jax.nn.relu(x @ params["w1"] + params["b1"])
  keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
  h = jnp.where(keep, h / (1.0 - rate), 0.0)
  return h @ params["w2"] + params["b2"]


def loss_fn(params, x, y, key):
  logits = predict(params, x, key)
  return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def make_train_step(lr, max_norm=1.0):

  def train_step(params, x, y, key):
    key = per_device_key(key)
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, key)
    grads = allreduce_mean(grads)
    loss = allreduce_mean(loss)
    scale = jnp.minimum(1.0, max_norm / (global_norm(grads) + 1e-6))
    params = jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)
    return params, loss

  return train_step

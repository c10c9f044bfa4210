import jax
import jax.numpy as jnp


def init_params(key, layer_sizes):
  params = []
  keys = jax.random.split(key, len(layer_sizes) - 1)
  for k, (n_in, n_out) in zip(keys, zip(layer_sizes[:-1], layer_sizes[1:])):
    w = jax.random.normal(k, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
    params.append({"w": w, "b": jnp.zeros((n_out,))})
  return params


def apply(params, x):
  *hidden, last = params
  for layer in hidden:
    x = jax.nn.relu(x @ layer["w"] + layer["b"])
  return x @ last["w"] + last["b"]


def loss_fn(params, x, labels):
  logits = apply(params, x)
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))

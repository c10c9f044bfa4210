import jax
import jax.numpy as jnp


def init(key, sizes=(784, 512, 10)):
  keys = jax.random.split(key, len(sizes) - 1)
  return [(jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros((n,)))
          for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def apply(params, x):
  for w, b in params[:-1]:
    x = jax.nn.relu(x @ w + b)
  w, b = params[-1]
  return x @ w + b


def loss_and_logits(params, x, labels):
  logits = apply(params, x)
  logp = jax.nn.log_softmax(logits)
  loss = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))
  return loss, logits

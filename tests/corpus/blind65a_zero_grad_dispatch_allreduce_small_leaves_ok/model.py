import jax
import jax.numpy as jnp


def init_mlp(key, d_in=64, d_hidden=256, n_classes=10):
  k1, k2 = jax.random.split(key)
  return {
      "w1": jax.random.normal(k1, (d_in, d_hidden)) * d_in ** -0.5,
      "b1": jnp.zeros((d_hidden,)),
      "w2": jax.random.normal(k2, (d_hidden, n_classes)) * d_hidden ** -0.5,
      "b2": jnp.zeros((n_classes,)),
  }


def loss_fn(params, batch):
  x, y = batch
  h = jax.nn.relu(x @ params["w1"] + params["b1"])
  logits = h @ params["w2"] + params["b2"]
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=-1))

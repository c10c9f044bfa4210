import jax
import jax.numpy as jnp


def init_params(key, d=32, h=128):
  k1, k2 = jax.random.split(key)
  return {"w1": jax.random.normal(k1, (d, h)) * 0.05,
          "w2": jax.random.normal(k2, (h, 1)) * 0.05}


def mse_loss(params, batch):
  x, y = batch
  pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
  return jnp.mean((pred[:, 0] - y) ** 2)

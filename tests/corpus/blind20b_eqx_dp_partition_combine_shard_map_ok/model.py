import equinox as eqx
import jax
import jax.numpy as jnp


class Classifier(eqx.Module):
  trunk: eqx.nn.MLP
  norm: eqx.nn.LayerNorm
  head: eqx.nn.Linear

  def __init__(self, din, width, ncls, key):
    k1, k2 = jax.random.split(key)
    self.trunk = eqx.nn.MLP(din, width, width, depth=2, activation=jax.nn.gelu, key=k1)
    self.norm = eqx.nn.LayerNorm(width)
    self.head = eqx.nn.Linear(width, ncls, key=k2)

  def __call__(self, x):
    return self.head(self.norm(self.trunk(x)))


def loss_fn(model, x, y):
  logits = jax.vmap(model)(x)
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=-1))

import equinox as eqx
import jax
import jax.numpy as jnp


class Classifier(eqx.Module):
  embed: eqx.nn.Linear
  head: eqx.nn.MLP

  def __init__(self, d_in, n_classes, *, key):
    k1, k2 = jax.random.split(key)
    self.embed = eqx.nn.Linear(d_in, 64, key=k1)
    self.head = eqx.nn.MLP(64, n_classes, 128, 1, activation=jax.nn.gelu, key=k2)

  def __call__(self, x):
    return self.head(jax.nn.gelu(self.embed(x)))


def xent(model, x, labels):
  logits = jax.vmap(model)(x)
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))

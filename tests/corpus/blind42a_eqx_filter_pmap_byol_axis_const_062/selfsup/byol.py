import equinox as eqx
import jax
import jax.numpy as jnp

DATA_AXIS = 'batch'


class Online(eqx.Module):
  encoder: eqx.nn.MLP
  predictor: eqx.nn.MLP

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.encoder = eqx.nn.MLP(32, 16, 64, 2, key=k1)
    self.predictor = eqx.nn.MLP(16, 16, 64, 1, key=k2)


def _normalize(z):
  return z / (jnp.linalg.norm(z, axis=-1, keepdims=True) + 1e-6)


def byol_loss(online, target_encoder, v1, v2):
  p = _normalize(jax.vmap(online.predictor)(jax.vmap(online.encoder)(v1)))
  z = _normalize(jax.lax.stop_gradient(jax.vmap(target_encoder)(v2)))
  return jnp.mean(2 - 2 * jnp.sum(p * z, axis=-1))


def sync(tree):
  return jax.lax.pmean(tree, DATA_AXIS)

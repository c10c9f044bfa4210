import equinox as eqx
import jax
import jax.numpy as jnp


class Model(eqx.Module):
  norm1: eqx.nn.BatchNorm
  spectral_linear: eqx.nn.SpectralNorm[eqx.nn.Linear]
  norm2: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key):
    key1, key2, key3, key4 = jax.random.split(key, 4)
    self.linear1 = eqx.nn.Linear(2, 32, key=key1)
    self.norm1 = eqx.nn.BatchNorm(32, axis_name="batch")
    self.spectral_linear = eqx.nn.SpectralNorm(
        layer=eqx.nn.Linear(32, 32, key=key2), weight_name="weight", key=key3)
    self.norm2 = eqx.nn.BatchNorm(32, axis_name="batch")
    self.linear2 = eqx.nn.Linear(32, 2, key=key4)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm1(x, state)
    x = jax.nn.relu(x)
    x, state = self.spectral_linear(x, state)
    x = jax.nn.relu(x)
    x, state = self.norm2(x, state)
    x = self.linear2(x)
    return x, state


def compute_loss(model, state, xs, ys):
  batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
  pred_ys, state = batch_model(xs, state)
  loss = jnp.mean((pred_ys - ys) ** 2)
  return loss, state

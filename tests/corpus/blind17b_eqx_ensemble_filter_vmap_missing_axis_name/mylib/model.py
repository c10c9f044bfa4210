import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Member(eqx.Module):
  mlp: eqx.nn.MLP
  axis_name: str = eqx.field(static=True)

  def __init__(self, key, axis_name):
    self.mlp = eqx.nn.MLP(8, 1, 32, 2, key=key)
    self.axis_name = axis_name

  def __call__(self, x):
    pred = jax.vmap(self.mlp)(x)
    return pred, lax.pmean(pred, self.axis_name)


def make_ensemble(key, size, axis_name):
  keys = jax.random.split(key, size)
  return eqx.filter_vmap(lambda k: Member(k, axis_name))(keys)

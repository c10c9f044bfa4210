import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Residual(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, d, key):
    self.lin = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    return x + jax.nn.relu(self.lin(x))


class DeepNet(eqx.Module):
  inp: eqx.nn.Linear
  blocks: Residual
  head: eqx.nn.Linear

  def __init__(self, d_in, d, n_blocks, n_classes, *, key):
    k_in, k_blocks, k_head = jax.random.split(key, 3)
    self.inp = eqx.nn.Linear(d_in, d, key=k_in)
    self.blocks = eqx.filter_vmap(lambda k: Residual(d, k))(jax.random.split(k_blocks, n_blocks))
    self.head = eqx.nn.Linear(d, n_classes, key=k_head)

  def __call__(self, x):
    dyn, st = eqx.partition(self.blocks, eqx.is_array)
    h, _ = lax.scan(lambda h, p: (eqx.combine(p, st)(h), None), self.inp(x), dyn)
    return self.head(h)

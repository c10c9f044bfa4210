import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from .axes import TP


class ParallelMLP(eqx.Module):
  w_in: jax.Array   # [d, hidden/tp]
  w_out: jax.Array  # [hidden/tp, d]

  def __init__(self, d, hidden, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (d, hidden)) / d ** 0.5
    self.w_out = jax.random.normal(k2, (hidden, d)) / hidden ** 0.5

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_in)
    return jax.lax.psum(h @ self.w_out, TP)


def param_specs(model):
  return eqx.tree_at(lambda m: (m.w_in, m.w_out), model, (P(None, TP), P(TP, None)))

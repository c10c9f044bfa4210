import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ShardedMLP(eqx.Module):
  """Two-layer MLP written with einsum so the sharding of every matmul is visible."""
  w_in: jax.Array
  w_out: jax.Array

  def __init__(self, d_model, d_ff, *, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (d_model, d_ff)) * d_model ** -0.5
    self.w_out = jax.random.normal(k2, (d_ff, d_model)) * d_ff ** -0.5

  def __call__(self, x):
    # x: [batch, d_model] sharded P("data", None); w_in P(None, "model")
    h = jnp.einsum("bd,df->bf", x, self.w_in)
    h = jax.nn.gelu(h)
    # h: P("data", "model"), w_out: P("model", None)
    return jnp.einsum("bf,fd->bd", h, self.w_out, out_sharding=P("data", None))


def param_specs(model):
  return eqx.tree_at(lambda m: (m.w_in, m.w_out), model, (P(None, "model"), P("model", None)))

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class SeqParallelSelfAttention(nn.Module):
  num_heads: int
  head_dim: int
  axis_name: str = "seq"

  @nn.compact
  def __call__(self, x):
    dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
    q, k, v = dense("query")(x), dense("key")(x), dense("value")(x)
    # Every device keeps its own queries but needs the keys/values of the full sequence.
    k = lax.all_gather(k, self.axis_name, axis=1, tiled=True)
    v = lax.all_gather(v, self.axis_name, axis=1, tiled=True)
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim)
    out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, axis=-1), v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name="out")(out)

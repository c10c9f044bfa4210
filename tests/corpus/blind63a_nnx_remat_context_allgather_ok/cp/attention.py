import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class ContextParallelAttention(nnx.Module):
  """Queries stay local to the sequence shard; keys/values are gathered over the sequence axis."""

  def __init__(self, d_model, n_heads, *, seq_axis="sequence", rngs):
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.proj = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)
    self.n_heads = n_heads
    self.seq_axis = seq_axis

  def __call__(self, x):
    b, t, d = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = lax.all_gather(k, self.seq_axis, axis=1, tiled=True)
    v = lax.all_gather(v, self.seq_axis, axis=1, tiled=True)
    split = lambda a: a.reshape(b, a.shape[1], self.n_heads, d // self.n_heads)
    q, k, v = split(q), split(k), split(v)
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d // self.n_heads).astype(x.dtype)
    out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), v)
    return self.proj(out.reshape(b, t, d))

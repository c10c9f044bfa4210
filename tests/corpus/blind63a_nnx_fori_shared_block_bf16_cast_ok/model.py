import jax.numpy as jnp
from flax import nnx


class PostNormBlock(nnx.Module):

  def __init__(self, d_model, d_ff, *, dtype, rngs):
    self.ff1 = nnx.Linear(d_model, d_ff, dtype=dtype, rngs=rngs)
    self.ff2 = nnx.Linear(d_ff, d_model, dtype=dtype, rngs=rngs)
    self.norm = nnx.LayerNorm(d_model, dtype=dtype, rngs=rngs)

  def __call__(self, x):
    return self.norm(x + self.ff2(nnx.gelu(self.ff1(x))))


class UniversalEncoder(nnx.Module):
  """One block, applied `depth` times with shared weights."""

  def __init__(self, d_model, d_ff, depth, *, dtype=jnp.float32, rngs):
    self.embed = nnx.Linear(d_model, d_model, rngs=rngs)
    self.block = PostNormBlock(d_model, d_ff, dtype=dtype, rngs=rngs)
    self.head = nnx.Linear(d_model, 10, rngs=rngs)
    self.depth = depth
    self.dtype = dtype

  def __call__(self, x):
    # the loop carry has to keep one dtype: enter the shared block in its compute dtype
    h = self.embed(x).astype(self.dtype)

    def body(i, carry):
      block, h = carry
      return block, block(h)

    _, h = nnx.fori_loop(0, self.depth, body, (self.block, h))
    return self.head(h.astype(jnp.float32).mean(axis=1))

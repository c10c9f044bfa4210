import jax
import jax.numpy as jnp
from flax import nnx


class FFNBlock(nnx.Module):
  """Pre-norm residual FFN block computed in `dtype` (MaxText/Gemma style)."""

  def __init__(self, dim: int, *, rngs: nnx.Rngs, dtype=jnp.bfloat16):
    self.dtype = dtype
    self.norm = nnx.LayerNorm(dim, dtype=dtype, rngs=rngs)
    self.up = nnx.Linear(dim, 4 * dim, dtype=dtype, rngs=rngs)
    self.down = nnx.Linear(4 * dim, dim, dtype=dtype, rngs=rngs)

  def __call__(self, x):
    x = x.astype(self.dtype)
    return x + self.down(jax.nn.gelu(self.up(self.norm(x))))


class LayerDrop(nnx.Module):
  """Skips the wrapped block with probability `p` during training."""

  def __init__(self, block: nnx.Module, p: float, *, rngs: nnx.Rngs):
    self.block = block
    self.p = p
    self.rngs = rngs.fork()

  def __call__(self, x, *, train: bool):
    if not train:
      return self.block(x)
    skip = jax.random.bernoulli(self.rngs.layerdrop(), self.p)
    return nnx.cond(
        skip,
        lambda block, x: x,
        lambda block, x: block(x),
        self.block, x,
    )


class Net(nnx.Module):

  def __init__(self, dim: int, num_classes: int, *, rngs: nnx.Rngs):
    self.stem = nnx.Linear(dim, dim, rngs=rngs)
    self.layer1 = LayerDrop(FFNBlock(dim, rngs=rngs), 0.1, rngs=rngs)
    self.layer2 = LayerDrop(FFNBlock(dim, rngs=rngs), 0.2, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, x, *, train: bool = True):
    x = self.stem(x)
    x = self.layer2(self.layer1(x, train=train), train=train)
    return self.head(x)

import jax.numpy as jnp
from flax import nnx

NUM_LAYERS = 6


class PostLNBlock(nnx.Module):
  """Original-transformer (post-LN) feed-forward block computing in bfloat16."""

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs, dtype=jnp.bfloat16):
    self.fc1 = nnx.Linear(dim, hidden, dtype=dtype, rngs=rngs)
    self.fc2 = nnx.Linear(hidden, dim, dtype=dtype, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, dtype=dtype, rngs=rngs)

  def __call__(self, x):
    h = self.fc2(self.dropout(nnx.relu(self.fc1(x))))
    return self.norm(x + h)


@nnx.split_rngs(splits=NUM_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_blocks(rngs: nnx.Rngs):
  return PostLNBlock(128, 512, rngs=rngs)


class Encoder(nnx.Module):
  def __init__(self, vocab: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, 128, rngs=rngs)
    self.blocks = create_blocks(rngs)
    self.head = nnx.Linear(128, vocab, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    @nnx.remat
    def forward(x, block):
      return block(x)

    x = forward(x, self.blocks)
    return self.head(x).astype(jnp.float32)

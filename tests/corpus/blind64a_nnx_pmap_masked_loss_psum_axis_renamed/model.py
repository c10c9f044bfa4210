import jax.numpy as jnp
import optax
from jax import lax
from flax import nnx

DATA_AXIS = "batch"


class TokenClassifier(nnx.Module):
  def __init__(self, vocab: int, dim: int, num_tags: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.hidden = nnx.Linear(dim, dim, rngs=rngs)
    self.head = nnx.Linear(dim, num_tags, rngs=rngs)

  def __call__(self, tokens):
    h = nnx.relu(self.hidden(self.embed(tokens)))
    return self.head(h)

  def loss(self, tokens, tags, mask):
    """Mean NLL over all unmasked tokens of the *global* batch."""
    logits = self(tokens)
    nll = optax.softmax_cross_entropy_with_integer_labels(logits, tags)
    total = lax.psum(jnp.sum(nll * mask), DATA_AXIS)
    count = lax.psum(jnp.sum(mask), DATA_AXIS)
    return total / jnp.maximum(count, 1.0)

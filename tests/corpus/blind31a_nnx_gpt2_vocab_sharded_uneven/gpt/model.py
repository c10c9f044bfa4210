import jax.numpy as jnp
from flax import nnx


class TokenAndPositionEmbedding(nnx.Module):
  def __init__(self, maxlen, vocab_size, embed_dim, *, rngs):
    self.token_emb = nnx.Embed(
        num_embeddings=vocab_size, features=embed_dim, rngs=rngs,
        embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None)))
    self.pos_emb = nnx.Embed(num_embeddings=maxlen, features=embed_dim, rngs=rngs)

  def __call__(self, x):
    positions = jnp.arange(0, x.shape[1])[None, :]
    return self.token_emb(x) + self.pos_emb(positions)


class MiniGPT(nnx.Module):
  def __init__(self, maxlen, vocab_size, embed_dim, *, rngs):
    self.embedding = TokenAndPositionEmbedding(maxlen, vocab_size, embed_dim, rngs=rngs)
    self.output_layer = nnx.Linear(
        embed_dim, vocab_size, rngs=rngs,
        kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), (None, "model")),
        bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)))

  def __call__(self, tokens):
    return self.output_layer(self.embedding(tokens))

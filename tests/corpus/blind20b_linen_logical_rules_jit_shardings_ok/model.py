import flax.linen as nn
import jax.numpy as jnp


class MlpBlock(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ("batch", "embed"))
    h = nn.Dense(self.d_ff, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ("embed", "mlp")), name="wi")(x)
    h = nn.with_logical_constraint(nn.relu(h), ("batch", "mlp"))
    return nn.Dense(self.d_model, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ("mlp", "embed")), name="wo")(h)


class Model(nn.Module):
  vocab: int
  d_model: int
  d_ff: int
  depth: int

  @nn.compact
  def __call__(self, tokens):
    emb = nn.Embed(self.vocab, self.d_model, embedding_init=nn.with_logical_partitioning(
        nn.initializers.normal(0.02), ("vocab", "embed")))
    x = emb(tokens)
    for i in range(self.depth):
      x = x + MlpBlock(self.d_model, self.d_ff, name=f"block_{i}")(x)
    return emb.attend(x)

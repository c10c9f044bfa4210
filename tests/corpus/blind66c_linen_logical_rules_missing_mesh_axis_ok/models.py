import flax.linen as nn
import jax.numpy as jnp

dense_init = nn.initializers.lecun_normal()
embed_init = nn.initializers.normal(stddev=0.02)


class FeedForward(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(dense_init, ("embed", "mlp")),
                 name="wi")(x)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ("batch", "length", "mlp"))
    return nn.Dense(self.d_model, use_bias=False,
                    kernel_init=nn.with_logical_partitioning(dense_init, ("mlp", "embed")),
                    name="wo")(h)


class Block(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    y = nn.LayerNorm(use_bias=False,
                     scale_init=nn.with_logical_partitioning(nn.initializers.ones, ("embed",)))(x)
    return x + FeedForward(self.d_model, self.d_ff)(y)


class LanguageModel(nn.Module):
  vocab_size: int
  d_model: int
  d_ff: int
  num_layers: int

  def setup(self):
    self.embed = nn.Embed(
        self.vocab_size, self.d_model,
        embedding_init=nn.with_logical_partitioning(embed_init, ("vocab", "embed")))
    self.blocks = [Block(self.d_model, self.d_ff, name=f"block_{i}")
                   for i in range(self.num_layers)]
    self.final_norm = nn.LayerNorm(use_bias=False)

  def __call__(self, tokens):
    x = self.embed(tokens)
    x = nn.with_logical_constraint(x, ("batch", "length", "embed"))
    for blk in self.blocks:
      x = blk(x)
    return self.embed.attend(self.final_norm(x))

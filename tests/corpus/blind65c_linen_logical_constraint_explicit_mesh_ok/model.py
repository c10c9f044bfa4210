import flax.linen as nn
import jax.numpy as jnp

default_init = nn.initializers.lecun_normal()


class MlpBlock(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"))
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(default_init, ("embed", "mlp")),
                 name="wi")(x)
    h = nn.with_logical_constraint(nn.gelu(h), ("activation_batch", "activation_length", "activation_mlp"))
    return nn.Dense(self.d_model, use_bias=False,
                    kernel_init=nn.with_logical_partitioning(default_init, ("mlp", "embed")),
                    name="wo")(h)


class TinyLM(nn.Module):
  vocab_size: int
  d_model: int
  d_ff: int
  num_layers: int

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(self.vocab_size, self.d_model,
                     embedding_init=nn.with_logical_partitioning(
                         nn.initializers.normal(1.0), ("vocab", "embed")))
    x = embed(tokens)
    for i in range(self.num_layers):
      x = x + MlpBlock(self.d_model, self.d_ff, name=f"block_{i}")(nn.RMSNorm()(x))
    return embed.attend(nn.RMSNorm()(x))

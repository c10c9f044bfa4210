import jax.numpy as jnp
import flax.linen as nn


class MlpBlock(nn.Module):
  emb_dim: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"))
    h = nn.DenseGeneral(
        self.mlp_dim,
        kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")),
        name="wi",
    )(x)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ("activation_batch", "activation_length", "activation_mlp"))
    out = nn.DenseGeneral(
        self.emb_dim,
        kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")),
        name="wo",
    )(h)
    return out


class Decoder(nn.Module):
  vocab_size: int
  emb_dim: int
  mlp_dim: int
  num_layers: int

  @nn.compact
  def __call__(self, tokens):
    embed = self.param(
        "token_embedder",
        nn.with_logical_partitioning(nn.initializers.normal(1.0), ("vocab", "embed")),
        (self.vocab_size, self.emb_dim),
    )
    x = jnp.take(embed, tokens, axis=0)
    for i in range(self.num_layers):
      x = x + MlpBlock(self.emb_dim, self.mlp_dim, name=f"layers_{i}")(x)
    logits = x @ embed.T
    return nn.with_logical_constraint(logits, ("activation_batch", "activation_length", "activation_vocab"))

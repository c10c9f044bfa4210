"""Tiny Gemma-style LM in Flax Linen with tied input/output embeddings and logical axis names."""
import flax.linen as nn
import jax.numpy as jnp

logical = nn.with_logical_partitioning


class FeedForward(nn.Module):
  d_model: int
  d_ff: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    gate = nn.Dense(self.d_ff, use_bias=False, dtype=self.dtype,
                    kernel_init=logical(nn.initializers.lecun_normal(), ("embed", "mlp")), name="gate")(x)
    up = nn.Dense(self.d_ff, use_bias=False, dtype=self.dtype,
                  kernel_init=logical(nn.initializers.lecun_normal(), ("embed", "mlp")), name="up")(x)
    h = nn.with_logical_constraint(nn.gelu(gate) * up, ("batch", "length", "mlp"))
    return nn.Dense(self.d_model, use_bias=False, dtype=self.dtype,
                    kernel_init=logical(nn.initializers.lecun_normal(), ("mlp", "embed")), name="down")(h)


class TinyLM(nn.Module):
  vocab_size: int = 32768
  d_model: int = 512
  d_ff: int = 2048
  n_layers: int = 2

  @nn.compact
  def __call__(self, tokens):
    embedder = nn.Embed(self.vocab_size, self.d_model, name="embedder",
                        embedding_init=logical(nn.initializers.normal(1.0), ("vocab", "embed")))
    x = embedder(tokens) * jnp.sqrt(self.d_model).astype(jnp.float32)
    x = nn.with_logical_constraint(x, ("batch", "length", "embed"))
    for i in range(self.n_layers):
      x = x + FeedForward(self.d_model, self.d_ff, name=f"ffn_{i}")(nn.RMSNorm()(x))
    x = nn.RMSNorm(name="final_norm")(x)
    return embedder.attend(x)  # tied output projection

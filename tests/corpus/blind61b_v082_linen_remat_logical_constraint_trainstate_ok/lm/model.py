import flax.linen as nn
import jax
import jax.numpy as jnp

winit = nn.initializers.normal(stddev=0.02)


class Attention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    qkv = nn.DenseGeneral(
        (3, self.num_heads, self.head_dim), use_bias=False,
        kernel_init=nn.with_logical_partitioning(winit, ("embed", None, "heads", "kv")),
        name="qkv")(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    q = nn.with_logical_constraint(q, ("batch", "length", "heads", "kv"))
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) * self.head_dim ** -0.5
    mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
    probs = jax.nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", probs, v)
    return nn.DenseGeneral(
        x.shape[-1], axis=(-2, -1), use_bias=False,
        kernel_init=nn.with_logical_partitioning(winit, ("heads", "kv", "embed")),
        name="out")(out)


class Block(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x, deterministic):
    x = x + Attention(self.num_heads, self.head_dim)(nn.LayerNorm()(x))
    h = nn.Dense(4 * x.shape[-1],
                 kernel_init=nn.with_logical_partitioning(winit, ("embed", "mlp")))(nn.LayerNorm()(x))
    h = nn.Dropout(0.1, deterministic=deterministic)(nn.gelu(h))
    h = nn.Dense(x.shape[-1],
                 kernel_init=nn.with_logical_partitioning(winit, ("mlp", "embed")))(h)
    return nn.with_logical_constraint(x + h, ("batch", "length", "embed"))


class TinyLM(nn.Module):
  vocab: int = 32000
  dim: int = 512
  layers: int = 4
  num_heads: int = 8

  @nn.compact
  def __call__(self, tokens, deterministic=True):
    embed = nn.Embed(self.vocab, self.dim,
                     embedding_init=nn.with_logical_partitioning(winit, ("vocab", "embed")))
    x = embed(tokens)
    RematBlock = nn.remat(Block, static_argnums=(2,))
    for i in range(self.layers):
      x = RematBlock(self.num_heads, self.dim // self.num_heads, name=f"block_{i}")(x, deterministic)
    return embed.attend(nn.LayerNorm()(x))

import flax.linen as nn
import jax.numpy as jnp


class GPTConfig:
  vocab_size = 50257
  block_size = 256
  n_layer = 2
  n_head = 8
  n_embd = 512


class Block(nn.Module):
  cfg: type

  @nn.compact
  def __call__(self, x):
    c = self.cfg
    h = nn.LayerNorm(epsilon=1e-5)(x)
    h = nn.SelfAttention(num_heads=c.n_head, deterministic=True,
                         kernel_init=nn.with_logical_partitioning(
                             nn.initializers.normal(0.02), ('embed', 'heads', 'kv')))(h)
    x = x + h
    h = nn.LayerNorm(epsilon=1e-5)(x)
    h = nn.Dense(4 * c.n_embd, kernel_init=nn.with_logical_partitioning(
        nn.initializers.normal(0.02), ('embed', 'mlp')))(h)
    h = nn.gelu(h, approximate=True)
    h = nn.Dense(c.n_embd, kernel_init=nn.with_logical_partitioning(
        nn.initializers.normal(0.02), ('mlp', 'embed')))(h)
    return x + h


class GPT(nn.Module):
  cfg: type = GPTConfig

  @nn.compact
  def __call__(self, idx):
    c = self.cfg
    wte = nn.Embed(c.vocab_size, c.n_embd, embedding_init=nn.with_logical_partitioning(
        nn.initializers.normal(0.02), ('vocab', 'embed')), name='wte')
    wpe = nn.Embed(c.block_size, c.n_embd, name='wpe')
    pos = jnp.arange(idx.shape[1])[None]
    x = wte(idx) + wpe(pos)
    for i in range(c.n_layer):
      x = Block(c, name=f'h_{i}')(x)
    x = nn.LayerNorm(epsilon=1e-5, name='ln_f')(x)
    return wte.attend(x)

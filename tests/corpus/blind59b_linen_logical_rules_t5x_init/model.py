import flax.linen as nn
import jax.numpy as jnp

kernel_init = nn.initializers.xavier_uniform()
embed_init = nn.initializers.normal(stddev=1.0)


class MlpBlock(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(kernel_init, ('embed', 'mlp')),
                 name='wi')(x)
    h = nn.relu(h)
    h = nn.with_logical_constraint(h, ('batch', 'length', 'mlp'))
    out = nn.Dense(self.d_model, use_bias=False,
                   kernel_init=nn.with_logical_partitioning(kernel_init, ('mlp', 'embed')),
                   name='wo')(h)
    return nn.with_logical_constraint(out, ('batch', 'length', 'embed'))


class Decoder(nn.Module):
  vocab_size: int = 32128
  d_model: int = 512
  d_ff: int = 2048
  num_layers: int = 2

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(self.vocab_size, self.d_model,
                     embedding_init=nn.with_logical_partitioning(embed_init, ('vocab', 'embed')),
                     name='token_embed')
    x = embed(tokens)
    x = nn.with_logical_constraint(x, ('batch', 'length', 'embed'))
    for i in range(self.num_layers):
      y = nn.LayerNorm(scale_init=nn.with_logical_partitioning(nn.initializers.ones, ('embed',)),
                       use_bias=False, name=f'ln_{i}')(x)
      x = x + MlpBlock(self.d_model, self.d_ff, name=f'mlp_{i}')(y)
    return embed.attend(x.astype(jnp.float32))

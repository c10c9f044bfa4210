import flax.linen as nn
import jax
import jax.numpy as jnp

init = nn.initializers.lecun_normal()


class Block(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x, _):
    d = x.shape[-1]
    h = nn.LayerNorm(use_bias=False)(x)
    h = nn.Dense(self.hidden, kernel_init=nn.with_partitioning(init, (None, 'model')))(h)
    h = nn.Dense(d, kernel_init=nn.with_partitioning(init, ('model', None)))(nn.gelu(h))
    return x + h, None


class Stack(nn.Module):
  n_layers: int
  hidden: int
  vocab: int

  @nn.compact
  def __call__(self, tokens):
    x = nn.Embed(self.vocab, 256, embedding_init=nn.with_partitioning(nn.initializers.normal(0.02), ('model', None)))(tokens)
    RematBlock = nn.remat(Block, prevent_cse=False)
    x, _ = nn.scan(RematBlock, variable_axes={'params': 0}, split_rngs={'params': True},
                   in_axes=nn.broadcast, length=self.n_layers,
                   metadata_params={nn.PARTITION_NAME: None})(self.hidden, name='layers')(x, None)
    return nn.Dense(self.vocab, use_bias=False)(nn.LayerNorm()(x))

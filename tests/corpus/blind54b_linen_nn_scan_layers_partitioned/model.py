import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm(use_scale=True, use_bias=False)(x)
    h = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')))(h)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ('batch', 'length', 'mlp'))
    h = nn.Dense(self.d_model, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    x = x + h
    return nn.with_logical_constraint(x, ('batch', 'length', 'embed')), None


class Decoder(nn.Module):
  d_model: int = 256
  d_ff: int = 1024
  num_layers: int = 6

  @nn.compact
  def __call__(self, x):
    block = nn.remat(Block, prevent_cse=False,
                     policy=jax.checkpoint_policies.nothing_saveable)
    stack = nn.scan(block, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=nn.broadcast, length=self.num_layers,
                    metadata_params={nn.PARTITION_NAME: 'layers'})
    x, _ = stack(self.d_model, self.d_ff, name='layers')(x, None)
    return x

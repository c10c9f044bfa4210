import jax
import jax.numpy as jnp
import flax.linen as nn

part = nn.with_logical_partitioning


class DecoderLayer(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.RMSNorm(scale_init=part(nn.initializers.ones, ('norm',)))(x)
    y = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=part(nn.initializers.lecun_normal(), ('embed', 'mlp')))(y)
    y = nn.with_logical_constraint(nn.silu(y), ('activation_batch', 'activation_length', 'mlp'))
    y = nn.Dense(self.d_model, use_bias=False,
                 kernel_init=part(nn.initializers.lecun_normal(), ('mlp', 'embed')))(y)
    x = nn.with_logical_constraint(x + y, ('activation_batch', 'activation_length', 'embed'))
    return x, None


class Decoder(nn.Module):
  num_layers: int = 4
  d_model: int = 128
  d_ff: int = 512

  @nn.compact
  def __call__(self, x):
    layer = nn.remat(DecoderLayer, prevent_cse=False,
                     policy=jax.checkpoint_policies.nothing_saveable)
    stack = nn.scan(layer,
                    variable_axes={'params': 0},
                    split_rngs={'params': True},
                    in_axes=(nn.broadcast,),
                    length=self.num_layers,
                    metadata_params={nn.PARTITION_NAME: 'layers'})
    x, _ = stack(self.d_model, self.d_ff, name='layers')(x, None)
    return x

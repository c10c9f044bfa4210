import flax.linen as nn
import jax.numpy as jnp

_init = nn.initializers.lecun_normal()


class MlpBlock(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(self.d_ff, use_bias=False, name='wi',
                 kernel_init=nn.with_logical_partitioning(_init, ('embed', 'mlp')))(x)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ('batch', 'length', 'mlp'))
    y = nn.Dense(self.d_model, use_bias=False, name='wo',
                 kernel_init=nn.with_logical_partitioning(_init, ('mlp', 'embed')))(h)
    y = nn.with_logical_constraint(y, ('batch', 'length', 'embed'))
    return x + y, None


class Decoder(nn.Module):
  num_layers: int = 4
  d_model: int = 64
  d_ff: int = 256

  @nn.compact
  def __call__(self, x):
    stack = nn.scan(
        MlpBlock,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=(nn.broadcast,),
        length=self.num_layers,
        metadata_params={nn.PARTITION_NAME: 'layers'},
    )
    x, _ = stack(self.d_model, self.d_ff, name='layers')(x, None)
    return nn.LayerNorm(name='final_norm')(x)

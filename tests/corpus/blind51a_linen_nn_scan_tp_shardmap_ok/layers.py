import flax.linen as nn
import jax
import jax.numpy as jnp


class TPMlpBlock(nn.Module):
  """One decoder MLP block; features are the per-device (local) sizes."""
  mlp_dim_local: int
  tp_axis: str = 'model'

  @nn.compact
  def __call__(self, x, _):
    d_model = x.shape[-1]
    h = nn.LayerNorm(name='pre_norm')(x)
    h = nn.Dense(self.mlp_dim_local, name='wi')(h)
    h = nn.gelu(h)
    h = nn.Dense(d_model, use_bias=False, name='wo')(h)
    h = jax.lax.psum(h, self.tp_axis)
    return x + h, None


class Decoder(nn.Module):
  num_layers: int
  mlp_dim_local: int

  @nn.compact
  def __call__(self, x):
    ScanBlock = nn.scan(
        TPMlpBlock,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=(nn.broadcast,),
        length=self.num_layers,
    )
    x, _ = ScanBlock(self.mlp_dim_local, name='layers')(x, None)
    return nn.LayerNorm(name='final_norm')(x)

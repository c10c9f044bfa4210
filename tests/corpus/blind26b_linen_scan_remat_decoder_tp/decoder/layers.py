import flax.linen as nn
import jax
import jax.numpy as jnp


class DecoderLayer(nn.Module):
  mlp_local: int
  tp_axis: str = 'tensor'

  @nn.compact
  def __call__(self, x, _):
    h = nn.RMSNorm(name='pre_norm')(x)
    h = nn.Dense(self.mlp_local, use_bias=False, name='wi')(h)
    h = nn.Dense(x.shape[-1], use_bias=False, name='wo')(nn.silu(h))
    h = jax.lax.psum(h, self.tp_axis)
    return x + h, None


class Decoder(nn.Module):
  num_layers: int
  mlp_local: int

  @nn.compact
  def __call__(self, x):
    Layer = nn.remat(DecoderLayer, prevent_cse=False,
                     policy=jax.checkpoint_policies.nothing_saveable)
    Stack = nn.scan(Layer, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=(nn.broadcast,), length=self.num_layers)
    x, _ = Stack(self.mlp_local, name='layers')(x, None)
    return nn.RMSNorm(name='final_norm')(x)

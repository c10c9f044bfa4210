import flax.linen as nn
import jax
import jax.numpy as jnp


class DecoderBlock(nn.Module):
  d_model: int
  d_ff: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x, mask):
    x = x.astype(self.dtype)  # run the whole block in the compute dtype
    h = nn.RMSNorm(dtype=self.dtype)(x)
    h = nn.SelfAttention(num_heads=4, dtype=self.dtype, deterministic=True)(h, mask=mask)
    x = x + h
    h = nn.Dense(self.d_ff, dtype=self.dtype)(nn.RMSNorm(dtype=self.dtype)(x))
    x = x + nn.Dense(self.d_model, dtype=self.dtype)(nn.silu(h))
    return x, None


class Decoder(nn.Module):
  num_layers: int = 4
  d_model: int = 128
  d_ff: int = 512

  @nn.compact
  def __call__(self, x, mask):
    block = nn.remat(DecoderBlock, prevent_cse=False,
                     policy=jax.checkpoint_policies.nothing_saveable)
    stack = nn.scan(block, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=(nn.broadcast,), length=self.num_layers,
                    metadata_params={nn.PARTITION_NAME: 'layers'})
    x, _ = stack(self.d_model, self.d_ff, name='decoder')(x, mask)
    return x

import flax.linen as nn
import jax
import jax.numpy as jnp


class MlpLayer(nn.Module):
  d_model: int
  d_ff: int
  dropout: float = 0.1
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x, deterministic):
    h = nn.LayerNorm(dtype=self.dtype)(x)
    h = nn.Dense(self.d_ff, dtype=self.dtype, param_dtype=jnp.float32)(h)
    h = nn.gelu(h)
    h = nn.Dropout(self.dropout)(h, deterministic=deterministic)
    h = nn.Dense(self.d_model, dtype=self.dtype, param_dtype=jnp.float32)(h)
    return x + h, None


class Encoder(nn.Module):
  num_layers: int = 6
  d_model: int = 512
  d_ff: int = 2048

  @nn.compact
  def __call__(self, tokens, deterministic=False):
    x = nn.Embed(8192, self.d_model)(tokens).astype(jnp.bfloat16)
    block = nn.remat(MlpLayer, static_argnums=(2,),
                     policy=jax.checkpoint_policies.nothing_saveable)
    x, _ = nn.scan(block, variable_axes={'params': 0},
                   split_rngs={'params': True, 'dropout': True},
                   in_axes=nn.broadcast, length=self.num_layers)(
                       self.d_model, self.d_ff, name='layers')(x, deterministic)
    x = nn.LayerNorm()(x)
    return nn.Dense(2)(x.mean(axis=1))

import flax.linen as nn
import jax.numpy as jnp


class MlpBlock(nn.Module):
  mlp_dim: int
  dtype: jnp.dtype = jnp.float32

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    x = nn.with_logical_constraint(x, ('activation_batch', 'activation_length', 'activation_embed'))
    h = nn.Dense(self.mlp_dim, dtype=self.dtype, name='wi',
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ('activation_batch', 'activation_length', 'activation_mlp'))
    out = nn.Dense(d, dtype=self.dtype, name='wo',
                   kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    return x + out

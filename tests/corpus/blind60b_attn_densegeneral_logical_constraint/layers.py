import flax.linen as nn
import jax.numpy as jnp

kinit = nn.initializers.variance_scaling(1.0, 'fan_in', 'normal')


class MultiHeadAttention(nn.Module):
  num_heads: int
  head_dim: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    def proj(name):
      return nn.DenseGeneral(
          features=(self.num_heads, self.head_dim), axis=-1, use_bias=False,
          dtype=self.dtype, name=name,
          kernel_init=nn.with_logical_partitioning(kinit, ('embed', 'heads', 'kv')))
    q, k, v = proj('query')(x), proj('key')(x), proj('value')(x)
    q = nn.with_logical_constraint(q, ('activation_batch', 'activation_length', 'activation_heads', 'activation_kv'))
    k = nn.with_logical_constraint(k, ('activation_batch', 'activation_length', 'activation_heads', 'activation_kv'))
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k).astype(jnp.float32)
    probs = nn.softmax(logits / jnp.sqrt(self.head_dim)).astype(self.dtype)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, v)
    out = nn.with_logical_constraint(out, ('activation_batch', 'activation_length', 'activation_heads', 'activation_kv'))
    return nn.DenseGeneral(
        features=x.shape[-1], axis=(-2, -1), use_bias=False, dtype=self.dtype, name='out',
        kernel_init=nn.with_logical_partitioning(kinit, ('heads', 'kv', 'embed')))(out)

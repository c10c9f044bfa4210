import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

init = nnx.initializers.lecun_normal()


class Attention(nnx.Module):
  def __init__(self, d_model, n_heads, head_dim, *, rngs):
    self.q_proj = nnx.Einsum('BTD,DNH->BTNH', (d_model, n_heads, head_dim),
                             kernel_init=nnx.with_partitioning(init, (None, 'model', None)), rngs=rngs)
    self.kv_proj = nnx.Einsum('BSD,CDNH->CBSNH', (2, d_model, n_heads, head_dim),
                              kernel_init=nnx.with_partitioning(init, (None, None, 'model', None)), rngs=rngs)
    self.o_proj = nnx.Einsum('BTNH,NHD->BTD', (n_heads, head_dim, d_model),
                             kernel_init=nnx.with_partitioning(init, ('model', None, None)), rngs=rngs)
    self.scale = head_dim ** -0.5

  def __call__(self, x):
    q = self.q_proj(x)
    k, v = self.kv_proj(x)
    logits = jnp.einsum('BTNH,BSNH->BNTS', q, k) * self.scale
    mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
    probs = jax.nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
    ctx = jnp.einsum('BNTS,BSNH->BTNH', probs, v)
    return self.o_proj(ctx)

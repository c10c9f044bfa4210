import jax
import jax.numpy as jnp
from flax import nnx

TP = 'model'


class Einsum(nnx.Module):
  def __init__(self, shape, *, rngs):
    self.w = nnx.Param(nnx.initializers.normal()(rngs.params(), shape))

  def __call__(self, eqn, x):
    return jnp.einsum(eqn, x, self.w[...])


class Attention(nnx.Module):
  """Gemma attention with separate q and (multi-query) kv einsums."""

  def __init__(self, num_heads, num_kv_heads, features, head_dim, *, rngs):
    self.q_einsum = Einsum((num_heads, features, head_dim), rngs=rngs)
    self.kv_einsum = Einsum((2, num_kv_heads, features, head_dim), rngs=rngs)
    self.attn_vec_einsum = Einsum((num_heads, head_dim, features), rngs=rngs)
    self.num_heads, self.num_kv_heads = num_heads, num_kv_heads

  def __call__(self, x):
    q = self.q_einsum('BTD,NDH->BTNH', x)
    k, v = self.kv_einsum('BSD,CKDH->CBSKH', x)
    rep = q.shape[2] // k.shape[2]
    k, v = jnp.repeat(k, rep, axis=2), jnp.repeat(v, rep, axis=2)
    logits = jnp.einsum('BTNH,BSNH->BNTS', q, k) * q.shape[-1] ** -0.5
    probs = jax.nn.softmax(logits, axis=-1)
    enc = jnp.einsum('BNTS,BSNH->BTNH', probs, v)
    out = self.attn_vec_einsum('BTNH,NHD->BTD', enc)
    return jax.lax.psum(out, TP)


# heads dimension of each weight -> tensor-parallel axis
HEAD_DIM_SPECS = {
    'q_einsum': jax.sharding.PartitionSpec(TP, None, None),
    'kv_einsum': jax.sharding.PartitionSpec(None, TP, None, None),
    'attn_vec_einsum': jax.sharding.PartitionSpec(TP, None, None),
}

import jax
import jax.numpy as jnp
from flax import nnx

dense_init = nnx.initializers.normal(stddev=0.02)


class Attention(nnx.Module):
  """LLaMA-style self-attention; heads are sharded over the 'model' mesh axis."""

  def __init__(self, d_model: int, num_heads: int, head_dim: int, *, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.head_dim = head_dim
    qkv_init = nnx.with_partitioning(dense_init, (None, 'model', None))
    self.q_proj = nnx.LinearGeneral(d_model, (num_heads, head_dim), use_bias=False,
                                    kernel_init=qkv_init, rngs=rngs)
    self.k_proj = nnx.LinearGeneral(d_model, (num_heads, head_dim), use_bias=False,
                                    kernel_init=qkv_init, rngs=rngs)
    self.v_proj = nnx.LinearGeneral(d_model, (num_heads, head_dim), use_bias=False,
                                    kernel_init=qkv_init, rngs=rngs)
    # output projection: heads-sharded input, replicated output
    self.o_proj = nnx.LinearGeneral((num_heads, head_dim), d_model, axis=(-2, -1),
                                    use_bias=False,
                                    kernel_init=nnx.with_partitioning(dense_init, ('model', None, None)),
                                    rngs=rngs)

  def __call__(self, x, mask):
    q = self.q_proj(x)
    k = self.k_proj(x)
    v = self.v_proj(x)
    out = nnx.dot_product_attention(q, k, v, mask=mask)
    return self.o_proj(out)


class DecoderLayer(nnx.Module):
  def __init__(self, d_model, num_heads, head_dim, d_ff, *, rngs):
    self.attn_norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.attn = Attention(d_model, num_heads, head_dim, rngs=rngs)
    self.mlp_norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.gate = nnx.Linear(d_model, d_ff, use_bias=False,
                           kernel_init=nnx.with_partitioning(dense_init, (None, 'model')), rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(dense_init, (None, 'model')), rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(dense_init, ('model', None)), rngs=rngs)

  def __call__(self, x, mask):
    x = x + self.attn(self.attn_norm(x), mask)
    h = self.mlp_norm(x)
    return x + self.down(jax.nn.silu(self.gate(h)) * self.up(h))

import jax
import jax.numpy as jnp
from flax import nnx

HEADS_AXIS = "model"


class SelfAttention(nnx.Module):
  """Multi-head self-attention whose heads axis is annotated for sharding."""

  def __init__(self, d_model: int, num_heads: int, head_dim: int, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.head_dim = head_dim
    self.qkv = nnx.LinearGeneral(
        d_model, (3, num_heads, head_dim), use_bias=False,
        kernel_init=nnx.with_partitioning(init, (None, None, HEADS_AXIS, None)),
        rngs=rngs)
    self.out = nnx.LinearGeneral(
        (num_heads, head_dim), d_model, axis=(-2, -1), use_bias=False,
        kernel_init=nnx.with_partitioning(init, (HEADS_AXIS, None, None)),
        rngs=rngs)

  def __call__(self, x):
    qkv = self.qkv(x)                       # [b, s, 3, h, d]
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim)
    probs = jax.nn.softmax(logits, axis=-1)
    ctx = jnp.einsum("bhqk,bkhd->bqhd", probs, v)
    return self.out(ctx)

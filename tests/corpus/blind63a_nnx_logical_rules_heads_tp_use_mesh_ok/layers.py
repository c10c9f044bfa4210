import jax
import jax.numpy as jnp
from flax import nnx

dense_init = nnx.initializers.lecun_normal()


class SelfAttention(nnx.Module):

  def __init__(self, d_model, n_heads, head_dim, *, rngs):
    def proj():
      return nnx.LinearGeneral(
          d_model, (n_heads, head_dim), use_bias=False,
          kernel_init=nnx.with_partitioning(dense_init, ("embed", "heads", "kv")), rngs=rngs)

    self.query, self.key, self.value = proj(), proj(), proj()
    self.out = nnx.LinearGeneral(
        (n_heads, head_dim), d_model, axis=(-2, -1), use_bias=False,
        kernel_init=nnx.with_partitioning(dense_init, ("heads", "kv", "embed")), rngs=rngs)

  def __call__(self, x):
    q, k, v = self.query(x), self.key(x), self.value(x)
    w = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    return self.out(jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(w, axis=-1), v))


class MLP(nnx.Module):

  def __init__(self, d_model, d_ff, *, rngs):
    self.wi = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(dense_init, ("embed", "mlp")), rngs=rngs)
    self.wo = nnx.Linear(d_ff, d_model, use_bias=False,
                         kernel_init=nnx.with_partitioning(dense_init, ("mlp", "embed")), rngs=rngs)

  def __call__(self, x):
    return self.wo(nnx.gelu(self.wi(x)))


class Block(nnx.Module):

  def __init__(self, d_model, n_heads, d_ff, *, rngs):
    self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
    self.attn = SelfAttention(d_model, n_heads, d_model // n_heads, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
    self.mlp = MLP(d_model, d_ff, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp(self.ln2(x))

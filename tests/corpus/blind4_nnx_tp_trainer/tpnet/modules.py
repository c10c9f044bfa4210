"""Tensor-parallel transformer layers: weights hold the local shard inside shard_map."""
import jax
import jax.numpy as jnp
from flax import nnx

from .parallel import ParallelConfig, reduce_from_tensor_parallel

_kinit = nnx.initializers.lecun_normal()


class ColumnParallelLinear(nnx.Module):
  def __init__(self, din, dout, pcfg: ParallelConfig, *, rngs):
    self.kernel = nnx.Param(_kinit(rngs.params(), (din, dout)), sharding=(None, pcfg.tensor_axis))

  def __call__(self, x):
    return x @ self.kernel[...]


class RowParallelLinear(nnx.Module):
  def __init__(self, din, dout, pcfg: ParallelConfig, *, rngs):
    self.pcfg = pcfg
    self.kernel = nnx.Param(_kinit(rngs.params(), (din, dout)), sharding=(pcfg.tensor_axis, None))

  def __call__(self, x):
    return reduce_from_tensor_parallel(x @ self.kernel[...], self.pcfg)


class ParallelSelfAttention(nnx.Module):
  """Heads are split across the tensor axis: each device owns num_heads // tp heads."""

  def __init__(self, dim, num_heads, pcfg: ParallelConfig, *, rngs):
    self.head_dim = dim // num_heads
    self.qkv = ColumnParallelLinear(dim, 3 * dim, pcfg, rngs=rngs)
    self.out = RowParallelLinear(dim, dim, pcfg, rngs=rngs)

  def __call__(self, x):
    b, t, _ = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    split = lambda a: a.reshape(b, t, -1, self.head_dim)
    q, k, v = split(q), split(k), split(v)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim)
    causal = jnp.tril(jnp.ones((t, t), bool))
    logits = jnp.where(causal, logits, -1e9)
    y = jnp.einsum('bhqk,bkhd->bqhd', jax.nn.softmax(logits, axis=-1), v)
    return self.out(y.reshape(b, t, -1))


class ParallelMLP(nnx.Module):
  def __init__(self, dim, hidden, pcfg: ParallelConfig, *, rngs):
    self.fc_in = ColumnParallelLinear(dim, hidden, pcfg, rngs=rngs)
    self.fc_out = RowParallelLinear(hidden, dim, pcfg, rngs=rngs)

  def __call__(self, x):
    return self.fc_out(nnx.gelu(self.fc_in(x)))


class Block(nnx.Module):
  def __init__(self, dim, num_heads, pcfg, *, rngs):
    self.ln1 = nnx.RMSNorm(dim, rngs=rngs)
    self.attn = ParallelSelfAttention(dim, num_heads, pcfg, rngs=rngs)
    self.ln2 = nnx.RMSNorm(dim, rngs=rngs)
    self.mlp = ParallelMLP(dim, 4 * dim, pcfg, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp(self.ln2(x))


class TPLanguageModel(nnx.Module):
  def __init__(self, vocab, dim, num_heads, depth, pcfg: ParallelConfig, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.blocks = nnx.List([Block(dim, num_heads, pcfg, rngs=rngs) for _ in range(depth)])
    self.ln_f = nnx.RMSNorm(dim, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for block in self.blocks:
      x = block(x)
    return self.embed.attend(self.ln_f(x))

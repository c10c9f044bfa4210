"""Tensor-parallel MLP language-model head in Flax NNX, annotated with nnx.with_partitioning."""
import jax
import jax.numpy as jnp
from flax import nnx

lecun = nnx.initializers.lecun_normal()
zeros = nnx.initializers.zeros_init()


class ParallelMLP(nnx.Module):
  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    # column-parallel up projection, row-parallel down projection (Megatron layout)
    self.up = nnx.Linear(
        d_model, d_ff, rngs=rngs,
        kernel_init=nnx.with_partitioning(lecun, (None, "model")),
        bias_init=nnx.with_partitioning(zeros, (None, "model")))
    self.down = nnx.Linear(
        d_ff, d_model, rngs=rngs,
        kernel_init=nnx.with_partitioning(lecun, ("model", None)),
        bias_init=nnx.with_partitioning(zeros, (None,)))

  def __call__(self, x):
    return self.down(jax.nn.gelu(self.up(x)))


class MLPLM(nnx.Module):
  def __init__(self, vocab: int, d_model: int, d_ff: int, n_layers: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs,
                           embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None)))
    self.blocks = nnx.List([ParallelMLP(d_model, d_ff, rngs=rngs) for _ in range(n_layers)])
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.head = nnx.Linear(d_model, vocab, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(lecun, (None, "model")))

  def __call__(self, tokens):
    x = self.embed(tokens)
    for blk in self.blocks:
      x = x + blk(x)
    return self.head(self.norm(x))

"""Layers annotated with *logical* axis names; the mesh mapping lives in LOGICAL_RULES."""
from flax import nnx
import jax.numpy as jnp

init = nnx.initializers

LOGICAL_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "model"),
    ("vocab", "model"),
)


class FeedForward(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.wi = nnx.Linear(
        d_model, d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(init.lecun_normal(), ("embed", "mlp")),
        rngs=rngs)
    self.wo = nnx.Linear(
        d_ff, d_model, use_bias=False,
        kernel_init=nnx.with_partitioning(init.lecun_normal(), ("mlp", "embed")),
        rngs=rngs)

  def __call__(self, x):
    return self.wo(nnx.gelu(self.wi(x)))


class Embed(nnx.Module):

  def __init__(self, vocab: int, d_model: int, *, rngs: nnx.Rngs):
    self.table = nnx.Param(
        nnx.with_partitioning(init.normal(0.02), ("vocab", "embed"))(
            rngs.params(), (vocab, d_model)))

  def __call__(self, ids):
    return jnp.take(self.table[...], ids, axis=0)

  def attend(self, x):
    return x @ self.table[...].T

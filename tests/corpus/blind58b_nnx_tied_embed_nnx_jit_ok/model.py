"""Small decoder-only LM with tied input/output embeddings (Flax NNX), partition annotations inline."""
import jax
import jax.numpy as jnp
from flax import nnx


def partitioned(init, *names):
  return nnx.with_partitioning(init, names)


class SwiGLU(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    lecun = nnx.initializers.lecun_normal()
    self.gate = nnx.Linear(d_model, d_ff, use_bias=False, kernel_init=partitioned(lecun, None, "model"), rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, use_bias=False, kernel_init=partitioned(lecun, None, "model"), rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False, kernel_init=partitioned(lecun, "model", None), rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.silu(self.gate(x)) * self.up(x))


class TiedLM(nnx.Module):
  def __init__(self, vocab=32000, d_model=512, d_ff=1536, n_layers=2, *, rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs,
                           embedding_init=partitioned(nnx.initializers.normal(1.0), "model", None))
    self.norms = nnx.List([nnx.RMSNorm(d_model, rngs=rngs) for _ in range(n_layers)])
    self.mlps = nnx.List([SwiGLU(d_model, d_ff, rngs=rngs) for _ in range(n_layers)])
    self.final_norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.d_model = d_model

  def __call__(self, tokens):
    x = self.embed(tokens) * jnp.sqrt(self.d_model)
    for norm, mlp in zip(self.norms, self.mlps):
      x = x + mlp(norm(x))
    return self.embed.attend(self.final_norm(x))  # logits share the embedding table

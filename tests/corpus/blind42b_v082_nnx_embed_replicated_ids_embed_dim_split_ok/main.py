import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


class PromptEncoder(nnx.Module):
  def __init__(self, vocab, dim, rngs):
    self.tok = nnx.Embed(vocab, dim, embedding_init=nnx.with_partitioning(
        nnx.initializers.normal(0.02), (None, 'model')), rngs=rngs)
    self.norm = nnx.RMSNorm(dim, rngs=rngs)

  def __call__(self, prompt):
    return self.norm(self.tok(prompt)).mean(axis=0)


with jax.set_mesh(mesh):
  enc = PromptEncoder(32000, 64, nnx.Rngs(0))
  prompt = jnp.array([1, 529, 29871, 13, 2], dtype=jnp.int32)   # one prompt, replicated
  f = nnx.jit(lambda m, p: m(p))
  print(f.trace(enc, prompt).lower(lowering_platforms=('cuda',)).as_text()[:40])

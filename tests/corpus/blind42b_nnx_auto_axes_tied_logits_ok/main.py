from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, auto_axes

mesh = jax.make_mesh((2, 2), ('data', 'model'))


@partial(auto_axes, out_sharding=P('data', None, 'model'))
def tied_logits(x, table):
  # x: [B, T, D] split over data and model; table: [V, D] split over model (on D)
  return jnp.einsum('btd,vd->btv', x, table)


class LM(nnx.Module):
  def __init__(self, vocab, d, rngs):
    self.embed = nnx.Embed(vocab, d, embedding_init=nnx.with_partitioning(
        nnx.initializers.normal(0.02), (None, 'model')), rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    x = jax.sharding.reshard(x, P('data', None, 'model'))
    return tied_logits(self.norm(x), self.embed.embedding[...])


with jax.set_mesh(mesh):
  lm = LM(256, 64, nnx.Rngs(0))
  tokens = jnp.zeros((8, 16), jnp.int32)  # replicated ids: lookup is unambiguous
  out = nnx.jit(lambda m, t: m(t)).trace(lm, tokens).lower(lowering_platforms=('cuda',))
  print(out.as_text()[:40])

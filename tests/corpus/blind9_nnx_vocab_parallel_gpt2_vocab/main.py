from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from vocab_parallel import vocab_parallel_embed, vocab_parallel_xent

VOCAB = 50257  # GPT-2 tokenizer
D = 8
mesh = Mesh(np.array(jax.devices()), ('model',))


class TinyLM(nnx.Module):
  def __init__(self, *, rngs):
    self.wte = nnx.Param(nnx.initializers.normal(0.02)(rngs.params(), (VOCAB, D)))
    self.block = nnx.Linear(D, D, rngs=rngs)


model = TinyLM(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)
specs = nnx.State({'wte': P('model', None), 'block': {'kernel': P(), 'bias': P()}})


@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P(), P()), out_specs=P())
def lm_loss(params, ids, targets):
  m = nnx.merge(graphdef, params)
  h = vocab_parallel_embed(m.wte[...], ids)
  h = h + nnx.gelu(m.block(h))
  return vocab_parallel_xent(h, m.wte[...], targets)


train_grads = jax.jit(jax.value_and_grad(lm_loss))

if __name__ == '__main__':
  ids = jnp.zeros((2, 16), jnp.int32)
  train_grads.trace(params, ids, ids).lower(lowering_platforms=('cuda',))

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

TP = 'model'


class Embedder(nnx.Module):
  """Gemma's Embedder with the vocab dimension split over TP (local table shard)."""

  def __init__(self, vocab_size, embed_dim, *, rngs):
    self.input_embedding = nnx.Param(
        nnx.initializers.normal()(rngs.params(), (vocab_size, embed_dim)))
    self.embed_dim = embed_dim

  def encode(self, x):
    local_vocab = self.input_embedding.shape[0]
    start = lax.axis_index(TP) * local_vocab
    local_ids = x - start
    in_shard = (local_ids >= 0) & (local_ids < local_vocab)
    emb = self.input_embedding[...][jnp.where(in_shard, local_ids, 0)]
    emb = jnp.where(in_shard[..., None], emb, 0.0)
    emb = lax.psum(emb, TP)
    return emb * jnp.sqrt(self.embed_dim).astype(emb.dtype)

  def decode(self, x):
    # logits stay split over the vocab; the caller's out_specs reassemble them
    return jnp.dot(x, self.input_embedding[...].T)


class TinyGemma(nnx.Module):
  def __init__(self, vocab_size, d, rngs):
    self.embedder = Embedder(vocab_size, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)
    self.mlp = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, tokens):
    x = self.embedder.encode(tokens)
    x = x + self.mlp(self.norm(x))
    return self.embedder.decode(self.norm(x))


VOCAB = 256
mesh = Mesh(np.array(jax.devices()), (TP,))
model = TinyGemma(VOCAB, 32, nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_specs = jax.tree.map(lambda _: P(), state)
state_specs['embedder']['input_embedding'] = P(TP, None)


@jax.jit
def logits_fn(state, tokens):
  @partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, P()),
           out_specs=P(None, None, TP))
  def f(state, tokens):
    return nnx.merge(graphdef, state)(tokens)
  return f(state, tokens)


tokens = jnp.zeros((2, 16), jnp.int32)
logits_fn.trace(state, tokens).lower(lowering_platforms=('cuda',))

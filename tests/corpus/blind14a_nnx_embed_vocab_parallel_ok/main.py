import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

VOCAB, DIM = 1024, 64


class VocabParallelEmbed(nnx.Module):

  def __init__(self, vocab, dim, *, axis='model', rngs: nnx.Rngs):
    self.axis = axis
    self.embed = nnx.Embed(
        vocab, dim,
        embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (axis, None)),
        rngs=rngs)

  def __call__(self, ids):
    table = self.embed.embedding[...]
    local_vocab = table.shape[0]
    start = lax.axis_index(self.axis) * local_vocab
    local_ids = ids - start
    in_range = (local_ids >= 0) & (local_ids < local_vocab)
    out = jnp.take(table, jnp.where(in_range, local_ids, 0), axis=0)
    out = jnp.where(in_range[..., None], out, 0.0)
    return lax.psum(out, self.axis)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  model = VocabParallelEmbed(VOCAB, DIM, rngs=nnx.Rngs(0))
state_specs = nnx.get_partition_spec(nnx.state(model))


@nnx.jit
def embed_tokens(model, ids):
  f = nnx.shard_map(lambda m, i: m(i), mesh=mesh,
                    in_specs=(nnx.StateSharding(state_specs), P('data')), out_specs=P('data'))
  return f(model, ids)


ids = jnp.zeros((8, 16), jnp.int32)
embed_tokens.trace(model, ids).lower(lowering_platforms=('cuda',))

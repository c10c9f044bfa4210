import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class VocabParallelEmbed(nnx.Module):

  def __init__(self, vocab, dim, *, axis='model', rngs: nnx.Rngs):
    self.axis = axis
    self.embed = nnx.Embed(
        vocab, dim,
        embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (axis, None)),
        rngs=rngs)

  def __call__(self, ids):
    table = self.embed.embedding[...]
    local_vocab = table.shape[0] // 2
    start = lax.axis_index(self.axis) * local_vocab
    local_ids = ids - start
    in_range = (local_ids >= 0) & (local_ids < local_vocab)
    out = jnp.take(table, jnp.where(in_range, local_ids, 0), axis=0)
    return lax.psum(jnp.where(in_range[..., None], out, 0.0), self.axis)


class Encoder(nnx.Module):

  def __init__(self, vocab, dim, *, rngs: nnx.Rngs):
    self.tok = VocabParallelEmbed(vocab, dim, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, ids):
    return self.norm(self.tok(ids)).mean()


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  model = Encoder(512, 32, rngs=nnx.Rngs(0))


@nnx.jit
def loss_step(model, ids):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P(),
                 axis_names={'data'})
  def per_replica(model, ids):
    return lax.pmean(model(ids), 'data')
  return per_replica(model, ids)


with jax.set_mesh(mesh):
  ids = jnp.zeros((8, 16), jnp.int32)
  loss_step.trace(model, ids).lower(lowering_platforms=('cuda',))

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P


class VocabParallelEmbed(eqx.Module):
  table: jax.Array

  def __call__(self, ids):
    full = jax.lax.all_gather(self.table, 'vocab', tiled=True)
    return full[ids]


@eqx.filter_jit
def embed(model, ids):
  return model(ids)


mesh = jax.make_mesh((4,), ('vocab',), axis_types=(jax.sharding.AxisType.Auto,))
emb = VocabParallelEmbed(jax.device_put(jr.normal(jr.key(0), (64, 8)), NamedSharding(mesh, P('vocab'))))
ids = jnp.arange(10)
jax.jit(lambda m, i: embed(m, i)).trace(emb, ids).lower(lowering_platforms=('cuda',))
print('ok')

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P


class ShardedEmbedding(eqx.Module):
  weight: jax.Array

  def __init__(self, vocab, dim, key):
    self.weight = jr.normal(key, (vocab, dim)) * 0.02

  def __call__(self, ids):
    # the Explicit sharding doc: say how a gather with split indices is sharded
    return self.weight.at[ids].get(out_sharding=P(*jax.typeof(ids).sharding.spec, None))


class Classifier(eqx.Module):
  embed: ShardedEmbedding
  norm: eqx.nn.LayerNorm
  out: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.embed = ShardedEmbedding(1000, 64, k1)
    self.norm = eqx.nn.LayerNorm(64)
    self.out = eqx.nn.Linear(64, 2, key=k2)

  def __call__(self, ids):
    x = self.embed(ids)                    # [B, T, D]
    x = jax.vmap(jax.vmap(self.norm))(x)
    return jax.vmap(self.out)(x.mean(axis=1))


mesh = jax.make_mesh((4,), ('data',))
with jax.set_mesh(mesh):
  model = Classifier(jr.key(0))
  ids = jax.device_put(jnp.zeros((16, 24), jnp.int32), P('data', None))
  params, static = eqx.partition(model, eqx.is_array)
  fn = jax.jit(lambda p, ids: eqx.combine(p, static)(ids))
  print(fn.trace(params, ids).lower(lowering_platforms=('cuda',)).as_text()[:40])

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class ItemTower(eqx.Module):
  table: jax.Array
  proj: eqx.nn.Linear

  def __init__(self, n_items, dim, key):
    k1, k2 = jr.split(key)
    self.table = jr.normal(k1, (n_items, dim)) * 0.01
    self.proj = eqx.nn.Linear(dim, dim, key=k2)

  def __call__(self, item_ids):
    emb = jnp.take(self.table, item_ids, axis=0)   # [B, dim]
    return jax.vmap(self.proj)(emb)


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
tower = ItemTower(4096, 32, jr.key(0))
ids = jax.device_put(jnp.arange(64, dtype=jnp.int32), NamedSharding(mesh, P('data')))
users = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P('data', None)))
params, static = eqx.partition(tower, eqx.is_array)


def score(params, ids, users):
  tower = eqx.combine(params, static)
  return jnp.sum(tower(ids) * users, axis=-1)


with jax.set_mesh(mesh):
  print(jax.jit(score).trace(params, ids, users).lower(lowering_platforms=('cuda',)).as_text()[:40])

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


def per_shard_key(key, axis='data'):
  return jax.random.fold_in(key, jax.lax.axis_index(axis))


def local_loss(w, x, key):
  keep = jax.random.bernoulli(key, 0.9, x.shape)
  h = jnp.where(keep, x / 0.9, 0.0) @ w
  return jax.lax.pmean(jnp.mean(h ** 2), 'data')


sharded_loss = jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P('data'), P()),
                             out_specs=P())


@jax.jit
def train_loss(w, x, key):
  key = per_shard_key(key)
  return sharded_loss(w, x, key)


w = jnp.ones((16, 8))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('data')))
train_loss.trace(w, x, jax.random.key(0)).lower(lowering_platforms=('cuda',))

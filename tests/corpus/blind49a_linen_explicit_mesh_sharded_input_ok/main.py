import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Model

mesh = jax.make_mesh((4,), ('data',))
model = Model()
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('data')))


def per_shard(key, x):
  variables = model.init(key, x)
  return lax_psum_tree(model.apply(variables, x))


def lax_psum_tree(t):
  return jax.tree.map(lambda a: jax.lax.psum(a, 'data'), t)


step = jax.jit(jax.shard_map(per_shard, mesh=mesh, in_specs=(P(), P('data')),
                             out_specs=P()))
print(step.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('model',), axis_types=(jax.sharding.AxisType.Auto,))


def dropout(key, x, rate=0.1):
  key = jax.random.fold_in(key, jax.lax.axis_index('model'))
  keep = jax.random.bernoulli(key, 1. - rate, x.shape)
  return jnp.where(keep, x / (1. - rate), 0.)


def block(w, x, key):
  return dropout(key, jax.nn.gelu(x @ w))


block = jax.remat(block, policy=jax.checkpoint_policies.nothing_saveable)


def loss(w, x, key):
  return jnp.mean(block(w, x, key) ** 2)


step = jax.jit(jax.grad(loss),
               in_shardings=(NamedSharding(mesh, P(None, 'model')), NamedSharding(mesh, P()), None))
step.trace(jnp.ones((16, 32)), jnp.ones((8, 16)), jax.random.key(0)).lower(lowering_platforms=('cuda',))
print('ok')

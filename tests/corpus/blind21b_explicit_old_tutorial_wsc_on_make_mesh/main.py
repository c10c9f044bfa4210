import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 1), ('batch', 'model'))
sharding = NamedSharding(mesh, P('batch', 'model'))


def mlp(params, x):
  for w, b in params:
    x = jnp.tanh(x @ w + b)
    x = jax.lax.with_sharding_constraint(x, sharding)
  return x


def init(sizes):
  return [(jnp.ones((m, n)) / m, jnp.zeros(n)) for m, n in zip(sizes[:-1], sizes[1:])]


params = init([32, 64, 64, 8])
x = jnp.ones((16, 32))
jax.jit(mlp).trace(params, x).lower(lowering_platforms=('cuda',))

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def init(key, sizes):
  keys = jax.random.split(key, len(sizes) - 1)
  return [(jax.random.normal(k, (a, b)) * 0.02, jnp.zeros((b,)))
          for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x):
  for w, b in params[:-1]:
    x = jax.nn.relu(x @ w + b)
    x = lax.with_sharding_constraint(x, P('batch', None))
  w, b = params[-1]
  return x @ w + b


def loss(params, x, y):
  return jnp.mean((forward(params, x) - y) ** 2)


@jax.jit
def step(params, x, y):
  g = jax.grad(loss)(params, x, y)
  return jax.tree.map(lambda p, g: p - 1e-3 * g, params, g)


mesh = jax.make_mesh((4,), ('batch',))
with jax.set_mesh(mesh):
  params = init(jax.random.key(0), [64, 256, 256, 10])
  x = jax.device_put(jnp.ones((32, 64)), P('batch'))
  y = jax.device_put(jnp.ones((32, 10)), P('batch'))
  step.trace(params, x, y).lower(lowering_platforms=('cuda',))

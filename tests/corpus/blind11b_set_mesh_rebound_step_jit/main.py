import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def loss(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


def sgd(w, x, y):
  g = jax.grad(loss)(w, x, y)
  g = jax.lax.pmean(g, 'dp')
  return w - 0.1 * g


def main():
  mesh = Mesh(np.array(jax.devices()), ('dp',))
  step = jax.shard_map(sgd, mesh=mesh, in_specs=(P(), P('dp'), P('dp')), out_specs=P())
  # donate the weights to save memory
  step = jax.jit(sgd, donate_argnums=0)
  x = jax.device_put(jnp.ones((32, 8)), NamedSharding(mesh, P('dp')))
  y = jax.device_put(jnp.ones((32, 1)), NamedSharding(mesh, P('dp')))
  w = jnp.zeros((8, 1))
  step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

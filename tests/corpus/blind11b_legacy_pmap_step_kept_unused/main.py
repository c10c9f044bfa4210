import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def loss(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


@jax.jit
def legacy_step(w, x, y):
  # pre-migration version, was wrapped in jax.pmap(axis_name='batch'); kept for reference
  g = jax.lax.pmean(jax.grad(loss)(w, x, y), 'batch')
  return w - 0.1 * g


def step(w, x, y):
  g = jax.lax.pmean(jax.grad(loss)(w, x, y), 'batch')
  return w - 0.1 * g


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                            out_specs=P()))
  f.trace(jnp.zeros((4, 1)), jnp.ones((16, 4)), jnp.ones((16, 1))).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

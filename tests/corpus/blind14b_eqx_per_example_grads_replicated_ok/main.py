import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


def example_loss(model, x, y):
  return jnp.sum((model(x) - y) ** 2)


def per_example_clipped_grads(model, x, y, clip=1.0):
  @eqx.filter_vmap(in_axes=(None, 0, 0))
  def one(model, x, y):
    g = eqx.filter_grad(example_loss)(model, x, y)
    norm = jnp.sqrt(sum(jnp.sum(l ** 2) for l in jax.tree.leaves(g)))
    g = jax.tree.map(lambda l: l * jnp.minimum(1.0, clip / (norm + 1e-6)), g)
    return g

  per_example = one(model, x, y)
  return jax.tree.map(lambda l: l.sum(0), per_example)


def main():
  model = eqx.nn.Linear(8, 1, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, x, y):
    return per_example_clipped_grads(eqx.combine(params, static), x, y)

  f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                            out_specs=P()))
  f.trace(params, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

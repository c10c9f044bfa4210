import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.flatten_util import ravel_pytree
from jax.lax import all_gather, pmean, psum_scatter
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'zero'


def build(model, mesh, lr=1e-2):
  params, static = eqx.partition(model, eqx.is_inexact_array)
  flat, unravel = ravel_pytree(params)
  n = mesh.shape[AXIS]
  pad = (-flat.size) % n

  def loss(params, x, y):
    return jnp.mean((jax.vmap(eqx.combine(params, static))(x) - y) ** 2)

  def step(flat_shard, mom_shard, x, y):
    full = all_gather(flat_shard, AXIS, tiled=True)[:flat.size]
    l, g = eqx.filter_value_and_grad(loss)(unravel(full), x, y)
    g_flat = jnp.pad(ravel_pytree(g)[0], (0, pad))
    g_shard = psum_scatter(g_flat, AXIS, scatter_dimension=0, tiled=True) / n
    mom_shard = 0.9 * mom_shard + g_shard
    return flat_shard - lr * mom_shard, mom_shard, pmean(l, AXIS)

  step = shard_map(step, mesh=mesh, in_specs=(P(AXIS), P(AXIS), P(AXIS), P(AXIS)),
                   out_specs=(P(AXIS), P(AXIS), P()))
  return jax.jit(step), jnp.pad(flat, (0, pad))


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  model = eqx.nn.MLP(6, 1, 24, 2, key=jax.random.key(0))
  step, flat = build(model, mesh)
  x = jnp.ones((32, 6))
  y = jnp.zeros((32, 1))
  step.trace(flat, jnp.zeros_like(flat), x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

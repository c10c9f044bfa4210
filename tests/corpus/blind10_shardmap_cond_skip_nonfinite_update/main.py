import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('replica',))


def loss_fn(params, x, y):
  return jnp.mean((jnp.tanh(x @ params['a']) @ params['b'] - y) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P('replica'), P('replica')), out_specs=(P(), P()))
def guarded_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = lax.pmean(grads, 'replica')
  bad = sum(jnp.sum(~jnp.isfinite(g)) for g in jax.tree.leaves(grads))
  any_bad = lax.pmax(bad, 'replica') > 0

  def apply(p):
    return jax.tree.map(lambda w, g: w - 1e-2 * g, p, grads)

  def skip(p):
    return p

  new_params = lax.cond(any_bad, skip, apply, params)
  return new_params, lax.pmean(loss, 'replica')


def main():
  params = {'a': jnp.ones((12, 24)), 'b': jnp.ones((24, 1))}
  x = jnp.ones((32, 12))
  y = jnp.zeros((32, 1))
  guarded_step.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from util import make_replicate

mesh = Mesh(np.array(jax.devices()), ('data',))
replicate = make_replicate(mesh)


def loss_fn(params, x, y):
  return jnp.mean((x @ params['w'] + params['b'] - y) ** 2)


def dp_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = replicate(jax.lax.psum(grads, 'data'))
  params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return params, jax.lax.pmean(loss, 'data')


step = jax.jit(jax.shard_map(dp_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                             out_specs=(P(), P())))
params = {'w': jnp.zeros((8, 1)), 'b': jnp.zeros((1,))}
step.trace(params, jnp.ones((32, 8)), jnp.ones((32, 1))).lower(lowering_platforms=('cuda',))

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, NamedSharding
from flax import nnx

SYNC_EVERY = 4
INNER_STEPS = 16
LR = 1e-2

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))
model = nnx.Linear(16, 1, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)


def loss_fn(params, x, y):
  return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
def local_sgd(params, xs, ys):
  def step(i, params):
    g = jax.grad(loss_fn)(params, xs[i % xs.shape[0]], ys[i % ys.shape[0]])
    params = jax.tree.map(lambda p, g: p - LR * g, params, g)
    return lax.cond((i + 1) % SYNC_EVERY == 0,
                    lambda p: lax.pmean(p, 'data'),
                    lambda p: p,
                    params)

  params = lax.pcast(params, 'data', to='varying')
  params = lax.fori_loop(0, INNER_STEPS, step, params)
  return lax.pmean(params, 'data')


xs = jax.device_put(jnp.ones((8, 4, 16)), NamedSharding(mesh, P('data')))
ys = jax.device_put(jnp.ones((8, 4, 1)), NamedSharding(mesh, P('data')))
params = jax.device_put(params, NamedSharding(mesh, P()))
print(local_sgd.trace(params, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])

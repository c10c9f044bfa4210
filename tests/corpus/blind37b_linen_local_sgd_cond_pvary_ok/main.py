import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import PartitionSpec as P

SYNC_EVERY, INNER, LR = 4, 16, 1e-2
mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
model = nn.Dense(1)
params = model.init(jax.random.key(0), jnp.ones((1, 16)))['params']


def average(p):
  return lax.pvary(lax.pmean(p, 'data'), 'data')


def keep(p):
  return p


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                   out_specs=P())
def local_sgd(params, xs, ys):
  def loss_fn(p, x, y):
    return jnp.mean((model.apply({'params': p}, x) - y) ** 2)

  def step(i, p):
    j = i % xs.shape[0]
    g = jax.grad(loss_fn)(p, xs[j], ys[j])
    p = jax.tree.map(lambda a, b: a - LR * b, p, g)
    return lax.cond((i + 1) % SYNC_EVERY == 0, average, keep, p)

  p = lax.fori_loop(0, INNER, step, lax.pvary(params, 'data'))
  return lax.pmean(p, 'data')


run = jax.jit(local_sgd)
xs, ys = jnp.ones((8, 4, 16)), jnp.ones((8, 4, 1))
print(run.trace(params, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()), ('fsdp',))


def maybe_sharded(fn=None, *, in_specs=P('fsdp'), out_specs=P('fsdp'), enabled=True):
  if fn is None:
    return functools.partial(maybe_sharded, in_specs=in_specs, out_specs=out_specs,
                             enabled=enabled)
  if not enabled:
    return fn
  mapped = jax.shard_map(fn, mesh=MESH, in_specs=in_specs, out_specs=out_specs)

  @functools.wraps(fn)
  def wrapper(*args):
    return mapped(*args)
  return wrapper


def mse(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


@jax.jit
@maybe_sharded(in_specs=(P('fsdp'), P('fsdp'), P('fsdp')), out_specs=(P('fsdp'), P()))
def fsdp_step(w_shard, x, y):
  w = jax.lax.all_gather(w_shard, 'fsdp', tiled=True)
  loss, g = jax.value_and_grad(mse)(w, x, y)
  g_shard = jax.lax.psum_scatter(g, 'fsdp', tiled=True) / jax.lax.axis_size('fsdp')
  return w_shard - 0.1 * g_shard, jax.lax.pmean(loss, 'fsdp')


@jax.jit
@maybe_sharded
def normalize(x):
  mu = jax.lax.pmean(x.mean(0), 'fsdp')
  return x - mu


if __name__ == '__main__':
  w = jnp.zeros((32, 4))
  x = jnp.ones((64, 32))
  y = jnp.ones((64, 4))
  fsdp_step.trace(w, x, y).lower(lowering_platforms=('cuda',))
  normalize.trace(x).lower(lowering_platforms=('cuda',))

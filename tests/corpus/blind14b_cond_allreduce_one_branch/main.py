import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SYNC_EVERY = 4
mesh = Mesh(np.array(jax.devices()), ('data',))


def local_grad(w, x):
  return jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w * 1.0)


def maybe_sync(step, g):
  return lax.cond(step % SYNC_EVERY == 0,
                  lambda g: lax.pmean(g, 'data'),
                  lambda g: g,
                  g)


def train_step(step, w, x):
  w_local = lax.pcast(w, 'data', to='varying')
  g = local_grad(w_local, x)
  g = maybe_sync(step, g)
  return w_local - 0.1 * g


step_fn = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P('data')),
                                out_specs=P('data')))

if __name__ == '__main__':
  w = jnp.zeros((8, 4))
  step_fn.trace(jnp.int32(3), w, jnp.ones((16, 8))).lower(lowering_platforms=('tpu',))

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))
FROM_LOADER = [(i, i + 1) for i in range(N - 1)]


def relay_targets(y):
  """Stage 0 loads the targets; relay them down the pipe one hop per stage."""
  for _ in range(N - 1):
    tok = lax.psend(y, 'stage', FROM_LOADER)
    y = lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', FROM_LOADER)
  return y


def local_loss(w, x, y):
  pred = jnp.tanh(x @ w)
  return jnp.mean((pred - y) ** 2)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P('stage'), P()),
                   out_specs=(P(), P('stage')), check_vma=False)
def train_step(ws, xs, y):
  targets = relay_targets(y)
  loss, g = jax.value_and_grad(local_loss)(ws[0], xs[0], targets)
  return lax.pmean(loss, 'stage'), g[None]


ws = jnp.ones((N, 16, 16))
xs = jnp.ones((N, 8, 16))
y = jnp.zeros((8, 16))
jax.jit(train_step).trace(ws, xs, y).lower(lowering_platforms=('cuda',))

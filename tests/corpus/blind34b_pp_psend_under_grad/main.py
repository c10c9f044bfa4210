from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
FWD = [(i, i + 1) for i in range(3)]


def forward(w, x):
  y = jnp.tanh(x @ w[0])
  tok = jax.lax.psend(y, 'stage', FWD)
  y = jax.lax.precv(tok, y, 'stage', FWD)
  return jax.lax.psum(jnp.sum(y ** 2), 'stage')


@partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()), out_specs=(P(), P('stage')))
def train_step(w, x):
  loss, g = jax.value_and_grad(forward)(w, x)
  return loss, g


w = jnp.ones((4, 16, 16)); x = jnp.ones((8, 16))
print(jax.jit(train_step).trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:40])

import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()), ('data',))


def member_loss(w, x):
  l = jnp.mean((x @ w) ** 2)
  return jax.lax.pmean(l, ('ens', 'data'))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
def ensemble_loss(ws, x):
  return jax.vmap(member_loss, in_axes=(0, None), axis_name='ens')(ws, x)[0]


if __name__ == '__main__':
  jax.jit(ensemble_loss).trace(jnp.ones((3, 4, 2)), jnp.ones((8, 4))).lower(lowering_platforms=('cuda',))

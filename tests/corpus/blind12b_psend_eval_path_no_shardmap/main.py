from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import model

N = 4


def build(mesh, training):
  stages = partial(model.run_stages, n=N)
  fn = stages
  if training:
    fn = jax.shard_map(lambda w, x: stages(w, x)[None], mesh=mesh,
                       in_specs=(P(model.AXIS), P()), out_specs=P(model.AXIS))
  return jax.jit(fn)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (model.AXIS,))
  train_fwd = build(mesh, training=True)
  eval_fwd = build(mesh, training=False)
  ws, x = jnp.ones((N, 16, 16)), jnp.ones((4, 16))
  train_fwd.trace(ws, x).lower(lowering_platforms=('cuda',))
  eval_fwd.trace(ws, x).lower(lowering_platforms=('cuda',))

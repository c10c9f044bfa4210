import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import StageComm
from stage import apply_stage, init_stage

N_STAGES = 4
N_MICRO = 4


def pipeline(params, microbatches, comm):
  stage_params = jax.tree.map(lambda a: a[0], params)
  sid = jax.lax.axis_index(comm.axis_name)
  outputs = []
  for mb in microbatches:
    x = mb
    for s in range(N_STAGES):
      y = apply_stage(stage_params, x)
      if s < N_STAGES - 1:
        token = comm.send_next(y)
        recv = comm.recv_prev(token, y)
        x = jnp.where(sid == s + 1, recv, x)
      else:
        outputs.append(y)
  return jnp.stack(outputs)


def main():
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  comm = StageComm('pp', N_STAGES)
  keys = jax.random.split(jax.random.key(0), N_STAGES)
  params = jax.vmap(functools.partial(init_stage, d=16))(keys)
  fwd = jax.jit(jax.shard_map(functools.partial(pipeline, comm=comm), mesh=mesh,
                              in_specs=(P('pp'), P()), out_specs=P('pp')))
  mbs = jnp.ones((N_MICRO, 2, 16))
  fwd.trace(params, mbs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from stages import AXIS, stage_body

PERM = [(0, 1), (1, 2), (2, 3)]
DEBUG = os.environ.get('PIPE_DEBUG', '1') == '1'


def build(mesh):
  if DEBUG:
    # run one stage's body on its own to inspect the HLO
    return jax.jit(lambda w, x: stage_body(w, x, PERM))
  return jax.jit(jax.shard_map(lambda w, x: stage_body(w[0], x, PERM), mesh=mesh,
                               in_specs=(P(AXIS), P()), out_specs=P()))


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  fn = build(mesh)
  w = jnp.eye(16) if DEBUG else jnp.stack([jnp.eye(16)] * 4)
  fn.trace(w, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

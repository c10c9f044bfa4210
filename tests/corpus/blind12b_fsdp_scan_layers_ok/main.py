from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import model

mesh = Mesh(np.array(jax.devices()), (model.FSDP,))
W_SPEC = P(None, model.FSDP, None)
X_SPEC = P(model.FSDP, None)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(W_SPEC, X_SPEC, X_SPEC), out_specs=(P(), W_SPEC))
def train_step(w, x, y):
  l, g = jax.value_and_grad(model.loss)(w, x, y)
  return l, w - 0.1 * g


def main():
  w = jnp.ones((3, 16, 16)) * 0.01
  x = jnp.ones((8, 16))
  y = jnp.zeros((8, 16))
  train_step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

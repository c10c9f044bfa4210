from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import TP, tp_mlp

mesh = Mesh(np.array(jax.devices()), (TP,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, TP), P(TP)), out_specs=P(),
         check_vma=False)
def sharded_loss(w, x):
  h = tp_mlp(w, x)
  return jax.lax.psum(jnp.sum(h ** 2), TP)


@jax.jit
def grad_step(w, x):
  loss, g = jax.value_and_grad(sharded_loss)(w, x)
  return loss, w - 1e-2 * g


if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((128, 512), jnp.float32)
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
  grad_step.trace(w, x).lower(lowering_platforms=("tpu",))

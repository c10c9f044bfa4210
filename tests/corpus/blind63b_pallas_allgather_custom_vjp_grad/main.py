from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from allgather_kernel import AXIS, all_gather

mesh = Mesh(np.array(jax.devices()), (AXIS,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, AXIS), P(AXIS)), out_specs=P(),
         check_vma=False)
def sharded_loss(w, x):
  # Sequence-sharded activations are gathered, then hit a column-sharded weight.
  full = all_gather(x).reshape(-1, x.shape[-1])
  h = jnp.tanh(full @ w)
  return jax.lax.psum(jnp.sum(h ** 2), AXIS)


@jax.jit
def grad_step(w, x):
  loss, g = jax.value_and_grad(sharded_loss)(w, x)
  return loss, w - 1e-2 * g


if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((128, 512), jnp.float32)
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
  grad_step.trace(w, x).lower(lowering_platforms=("tpu",))

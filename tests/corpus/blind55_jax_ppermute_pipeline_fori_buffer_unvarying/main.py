import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE, gpipe_forward


def loss(w, microbatches, targets):
  preds = jax.shard_map(gpipe_forward, mesh=MESH, in_specs=(P(STAGE), P()), out_specs=P())(
      w, microbatches)
  return jnp.mean((preds - targets) ** 2)


MESH = Mesh(np.array(jax.devices()), (STAGE,))
w = jnp.ones((4, 64, 64), jnp.float32) * 0.01
mbs = jnp.ones((8, 16, 64), jnp.float32)
tgt = jnp.zeros((8, 16, 64), jnp.float32)
grad_step = jax.jit(jax.value_and_grad(loss))
grad_step.trace(w, mbs, tgt).lower(lowering_platforms=("tpu",))

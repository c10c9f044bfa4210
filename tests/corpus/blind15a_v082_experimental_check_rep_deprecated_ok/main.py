from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('i',))
RIGHT = [(j, (j + 1) % 4) for j in range(4)]


@partial(shard_map, mesh=mesh, in_specs=P(None, 'i'), out_specs=P(None, 'i'), check_rep=False)
def sharded_softmax_and_shift(logits):
  m = jax.lax.pmax(logits.max(axis=1, keepdims=True), 'i')
  e = jnp.exp(logits - m)
  z = jax.lax.psum(e.sum(axis=1, keepdims=True), 'i')
  probs = e / z
  return probs + 0.0 * jax.lax.ppermute(probs, 'i', RIGHT)


logits = jnp.zeros((8, 64))
jax.jit(sharded_softmax_and_shift).trace(logits).lower(lowering_platforms=('cuda',))

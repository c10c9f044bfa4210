import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('batch',))


def smoothed_mean(x, steps=4, decay=0.9):
  ema = jnp.zeros(x.shape[1:], x.dtype)

  def body(i, ema):
    chunk = jax.lax.dynamic_slice_in_dim(x, i * 2, 2, axis=0)
    return decay * ema + (1 - decay) * chunk.mean(0)

  ema = jax.lax.fori_loop(0, steps, body, ema)
  return jax.lax.pmean(ema, 'batch')


step = jax.jit(jax.shard_map(functools.partial(smoothed_mean, steps=4), mesh=mesh,
                             in_specs=P('batch'), out_specs=P()))


if __name__ == '__main__':
  step.trace(jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))

from functools import partial

import jax
import jax.numpy as jnp

from stages import AXIS, hand_off, init_stage, stage_apply

n = jax.device_count()
keys = jax.random.split(jax.random.key(0), n)
params = jax.vmap(init_stage, in_axes=(0, None))(keys, 16)


@partial(jax.pmap, axis_name=AXIS)
def pipeline_tick(params, x):
  y = stage_apply(params, x)
  return hand_off(y, n)


x = jnp.ones((n, 4, 16))
jax.jit(pipeline_tick).trace(params, x).lower(lowering_platforms=('cuda',))

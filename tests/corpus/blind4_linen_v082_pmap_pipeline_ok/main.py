from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

from stages import apply_stage, init_stage

N_STAGES = jax.local_device_count()
N_MICRO, MB, D = 4, 2, 16


def next_stage_perm(n):
  return [(i, i + 1) for i in range(n - 1)]


def stage_loop(params, microbatches):
  idx = lax.axis_index('stage')
  perm = next_stage_perm(N_STAGES)
  carry = jnp.zeros_like(microbatches[0])
  outs = []
  for t in range(N_MICRO + N_STAGES - 1):
    x = jnp.where(idx == 0, microbatches[min(t, N_MICRO - 1)], carry)
    y = apply_stage(params, x)
    outs.append(y)
    tok = lax.psend(y, 'stage', perm)
    carry = lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', perm)
  return jnp.stack(outs[N_STAGES - 1:])


params = jax.vmap(partial(init_stage, d_model=D, hidden=4 * D))(
    jax.random.split(jax.random.key(0), N_STAGES))
micro = jnp.broadcast_to(jnp.ones((N_MICRO, MB, D)), (N_STAGES, N_MICRO, MB, D))

p_loop = jax.pmap(stage_loop, axis_name='stage')
jax.jit(p_loop).trace(params, micro).lower(lowering_platforms=('cuda',))

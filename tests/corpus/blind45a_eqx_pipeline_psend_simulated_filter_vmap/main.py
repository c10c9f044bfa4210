import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from stages import make_stages

NUM_STAGES = 4
stages = make_stages(16, 'stage', NUM_STAGES, jr.PRNGKey(0))


@eqx.filter_jit
def pipeline(stages, microbatches):
  # single-host simulation: one vmap lane per pipeline stage
  run = eqx.filter_vmap(lambda stage, mb: stage(mb), axis_name='stage')
  return run(stages, microbatches)


microbatches = jnp.ones((NUM_STAGES, 2, 16))
params, static = eqx.partition(stages, eqx.is_array)
print(jax.jit(lambda p, m: pipeline(eqx.combine(p, static), m)).trace(params, microbatches)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])

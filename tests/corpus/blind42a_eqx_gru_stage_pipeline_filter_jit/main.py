import equinox as eqx
import jax
import jax.numpy as jnp

from pipe.stages import GRUStage, send_forward

N = jax.device_count()
keys = jax.random.split(jax.random.key(0), N)
stages = eqx.filter_vmap(lambda k: GRUStage(eqx.nn.GRUCell(32, 32, key=k)))(keys)


@eqx.filter_jit
def pipeline_tick(stage, xs):
  """One tick: run this device's stage, hand the activations to the next stage."""
  return send_forward(stage(xs), N)


one_stage = jax.tree.map(lambda a: a[0] if eqx.is_array(a) else a, stages)
params, static = eqx.partition(one_stage, eqx.is_array)
xs = jnp.ones((12, 32))
jax.jit(lambda p, xs: pipeline_tick(eqx.combine(p, static), xs)).trace(params, xs).lower(lowering_platforms=('cuda',))
print('lowered')

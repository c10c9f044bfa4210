from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from stages import apply_stage, init_stage

S = jax.device_count()     # one stage per device
M = 6                      # microbatches
B, D = 8, 32
mesh = Mesh(jax.devices(), ('stage',))

params = jax.vmap(lambda k: init_stage(k, D))(jax.random.split(jax.random.PRNGKey(0), S))
params = jax.device_put(params, NamedSharding(mesh, P('stage')))
microbatches = jnp.ones((M, B, D), jnp.float32)

NEXT = [(i, i + 1) for i in range(S - 1)]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
def pipeline(stage_params, xs):
  stage_params = jax.tree_util.tree_map(lambda p: p[0], stage_params)
  stage = lax.axis_index('stage')

  def tick(t, carry):
    state, outputs = carry
    inp = jnp.where(stage == 0, xs[jnp.minimum(t, M - 1)], state)
    out = apply_stage(stage_params, inp)
    outputs = outputs.at[jnp.clip(t - (S - 1), 0, M - 1)].set(out)
    token = lax.psend(out, 'stage', NEXT)
    state = lax.precv(token, jax.ShapeDtypeStruct(out.shape, out.dtype), 'stage', NEXT)
    return state, outputs

  init = (jnp.zeros((B, D)), jnp.zeros((M, B, D)))
  _, outputs = lax.fori_loop(0, M + S - 1, tick, init)
  return outputs[None]


print(pipeline.trace(params, microbatches).lower(lowering_platforms=('cuda',)).as_text()[:40])

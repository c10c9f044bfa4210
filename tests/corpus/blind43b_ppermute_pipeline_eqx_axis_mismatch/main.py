import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import stage_loop
from stages import stacked_stages

S = jax.device_count()
M, B, D = 6, 4, 16
mesh = Mesh(jax.devices(), ('pipe',))

stages = stacked_stages(S, D, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)
xs = jnp.ones((M, B, D), jnp.float32)


def run(params, xs):
  stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)
  return stage_loop(stage, xs, S)


step = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P('pipe'), P()), out_specs=P(),
                             check_vma=False))
print(step.trace(params, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])

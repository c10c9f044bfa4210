import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pp.runner import PipelineRunner

STAGES, AXIS, PLATFORM = 4, 'pp', 'cuda'


class Stage(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(16, 16, 64, depth=1, key=key)

  def __call__(self, x):
    return x + jax.vmap(self.mlp)(x)


stages = eqx.filter_vmap(Stage)(jax.random.split(jax.random.key(0), STAGES))
params, static = eqx.partition(stages, eqx.is_array)
runner = PipelineRunner(static, AXIS, STAGES)
mesh = Mesh(jax.devices(), (AXIS,))

run_pipeline = jax.jit(jax.shard_map(runner, mesh=mesh, in_specs=(P(AXIS), P()),
                                     out_specs=P(AXIS), check_vma=False))
microbatches = jnp.ones((6, 2, 16))
run_pipeline.trace(params, microbatches).lower(lowering_platforms=(PLATFORM,))

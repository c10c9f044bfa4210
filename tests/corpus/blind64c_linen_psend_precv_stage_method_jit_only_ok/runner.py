import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from stages import PipelinedModel


def init_stages(model, rng, x):
  keys = jax.random.split(rng, model.num_stages)
  return jax.vmap(model.init, in_axes=(0, None))(keys, x)  # leading stage axis


def stage_step(model):
  def step(stacked, x):
    params = jax.tree.map(lambda p: p[0], stacked)  # this device's stage
    return model.apply(params, x, method=PipelinedModel.forward_stage)
  return step


def compile_step(model, mesh):
  stage_sharded = NamedSharding(mesh, P('stage'))
  per_stage = jax.shard_map(stage_step(model), mesh=mesh, in_specs=(P('stage'), P('stage')),
                            out_specs=P('stage'))
  return jax.jit(per_stage, in_shardings=(stage_sharded, stage_sharded),
                 out_shardings=stage_sharded)

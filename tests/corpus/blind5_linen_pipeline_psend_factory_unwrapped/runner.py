import jax
from jax.sharding import PartitionSpec as P

from stage import PipelineStage


def build_pipeline_tick(model: PipelineStage, mesh):
  """Returns a jitted function running one pipeline tick on every stage."""

  def tick(stage_params, microbatch):
    stage_params = jax.tree.map(lambda a: a[0], stage_params)
    return model.apply(stage_params, microbatch, method=PipelineStage.step)

  sharded_tick = jax.shard_map(tick, mesh=mesh, in_specs=(P(model.stage_axis), P()),
                               out_specs=P(model.stage_axis), check_vma=False)
  return jax.jit(tick)

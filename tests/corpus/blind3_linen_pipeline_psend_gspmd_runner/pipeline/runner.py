import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from .stage import PipelineStage


def init_stage_params(stage: PipelineStage, rng, x):
  keys = jax.random.split(rng, stage.num_stages)
  return jax.vmap(lambda k: stage.init(k, x))(keys)


def build_pipeline_step(stage: PipelineStage, mesh):
  """Stacked params and microbatches are laid out one stage per device; the partitioner
  keeps each stage's work on its own device."""
  stage_sharded = NamedSharding(mesh, P(stage.stage_axis))

  def pipeline_step(stacked_params, microbatches):
    def run_stage(params, mb):
      return stage.apply(params, mb, method=PipelineStage.step)
    return jax.vmap(run_stage)(stacked_params, microbatches)

  return jax.jit(pipeline_step, in_shardings=(stage_sharded, stage_sharded),
                 out_shardings=stage_sharded)

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from .stage import PipelineStage


def init_stage_params(stage: PipelineStage, rng, x):
  keys = jax.random.split(rng, stage.num_stages)
  return jax.vmap(lambda k: stage.init(k, x))(keys)


def build_pipeline_step(stage: PipelineStage, mesh):
  axis = stage.stage_axis

  @partial(jax.shard_map, mesh=mesh, in_specs=(P(axis), P(axis)), out_specs=P(axis))
  def pipeline_step(stacked_params, microbatch):
    params = jax.tree.map(lambda p: p[0], stacked_params)
    out = stage.apply(params, microbatch[0], method=PipelineStage.step)
    return out[None]

  return jax.jit(pipeline_step)

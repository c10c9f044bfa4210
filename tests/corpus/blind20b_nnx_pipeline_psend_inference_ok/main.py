"""Pipelined inference: one NNX stage per device, activations passed with psend/precv."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from pipe import forward_to_next, make_stacked_stages


@dataclasses.dataclass(frozen=True)
class PipeConfig:
  num_stages: int = 4
  d_model: int = 128
  microbatch: int = 8
  stage_axis: str = "pp"


cfg = PipeConfig()
mesh = Mesh(np.array(jax.devices()[: cfg.num_stages]), (cfg.stage_axis,))
stages = make_stacked_stages(cfg.d_model, cfg.num_stages)
graphdef, state = nnx.split(stages)


def run_pipeline(state, x):
  local = jax.tree.map(lambda a: a[0], state)
  stage = nnx.merge(graphdef, local)
  h = stage(x)
  for _ in range(cfg.num_stages - 1):
    h = stage(forward_to_next(h, cfg.stage_axis, cfg.num_stages))
  last = lax.axis_index(cfg.stage_axis) == cfg.num_stages - 1
  return lax.psum(jnp.where(last, h, jnp.zeros_like(h)), cfg.stage_axis)


infer = jax.jit(jax.shard_map(run_pipeline, mesh=mesh,
                              in_specs=(P(cfg.stage_axis), P()), out_specs=P()))
x = jnp.ones((cfg.microbatch, cfg.d_model))
infer.trace(state, x).lower(lowering_platforms=("cuda",))

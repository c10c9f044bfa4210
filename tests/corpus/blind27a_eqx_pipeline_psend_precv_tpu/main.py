import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from pipe.config import PipeConfig
from pipe.stages import stacked_stages
from pipe.schedule import pipeline_forward


def main():
  cfg = PipeConfig()
  mesh = jax.make_mesh((cfg.num_stages,), (cfg.stage_axis,))
  stages = stacked_stages(cfg, jax.random.key(0))
  params, static = eqx.partition(stages, eqx.is_array)
  fwd = functools.partial(pipeline_forward, static=static,
                          axis_name=cfg.stage_axis, num_stages=cfg.num_stages)
  fwd = jax.shard_map(fwd, mesh=mesh,
                      in_specs=(P(cfg.stage_axis), P()),
                      out_specs=P(cfg.stage_axis),
                      check_vma=False)
  x = jnp.ones((cfg.microbatch, cfg.width))
  lowered = jax.jit(fwd).trace(params, x).lower(lowering_platforms=("tpu",))
  print("send" in lowered.as_text())


if __name__ == "__main__":
  main()

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import pp

cfg = pp.PipelineConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.stage_axis,))


def forward(params, xs):
  f = jax.shard_map(partial(pp.pipeline_apply, cfg=cfg), mesh=mesh,
                    in_specs=(P(cfg.stage_axis), P()), out_specs=P(cfg.stage_axis))
  return f(params, xs)[-cfg.num_microbatches:]


if __name__ == "__main__":
  S, d = cfg.num_stages, cfg.d_model
  params = {"kernel": jax.ShapeDtypeStruct((S, d, d), jnp.float32),
            "bias": jax.ShapeDtypeStruct((S, d), jnp.float32)}
  xs = jax.ShapeDtypeStruct((cfg.num_microbatches, cfg.microbatch_size, d), jnp.float32)
  jax.jit(forward).trace(params, xs).lower(lowering_platforms=("tpu",))

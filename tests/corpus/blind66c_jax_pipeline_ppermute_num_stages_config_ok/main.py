import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from config import PipelineConfig
import model
from parallel import spmd_pipeline


def make_loss(cfg, mesh):
  layer_spec = P(cfg.stage_axis)
  mb_spec = P(None, cfg.data_axis)

  @partial(shard_map, mesh=mesh, in_specs=({"w": layer_spec, "b": layer_spec}, mb_spec, mb_spec),
           out_specs=P())
  def pipelined_loss(params, inputs, targets):
    outputs = spmd_pipeline(model.stage_fn, params, inputs,
                            axis_name=cfg.stage_axis, num_stages=cfg.num_stages)
    return jax.lax.pmean(jnp.mean((outputs - targets) ** 2), cfg.data_axis)

  return pipelined_loss


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--num_microbatches", type=int, default=4)
  parser.add_argument("--microbatch_size", type=int, default=8)
  args = parser.parse_args()
  cfg = PipelineConfig(num_microbatches=args.num_microbatches,
                       microbatch_size=args.microbatch_size)

  mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
  params = jax.eval_shape(partial(model.init_layers, num_layers=cfg.num_layers,
                                  d_model=cfg.d_model), jax.random.PRNGKey(0))
  batch = jax.ShapeDtypeStruct((cfg.num_microbatches, cfg.microbatch_size, cfg.d_model),
                               jnp.float32)

  loss_fn = make_loss(cfg, mesh)
  train_step = jax.jit(jax.value_and_grad(loss_fn))
  train_step.trace(params, batch, batch).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

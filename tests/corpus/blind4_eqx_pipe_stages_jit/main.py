import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import PipelineConfig, gpipe_forward, make_stages, select_local_stage

parser = argparse.ArgumentParser()
parser.add_argument("--stages", type=int, default=4)
parser.add_argument("--microbatches", type=int, default=2)
parser.add_argument("--shard-stages", action="store_true")
args = parser.parse_args()

cfg = PipelineConfig(n_stages=args.stages, n_micro=args.microbatches)
mesh = Mesh(jax.devices(), (cfg.axis,))
stages = make_stages(cfg, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)


def pipelined(params, stage_ids, microbatches):
    stage = select_local_stage(params, static)
    out = gpipe_forward(stage, stage_ids, microbatches, cfg)
    return out[None]


if args.shard_stages:
    pipelined = jax.shard_map(pipelined, mesh=mesh, in_specs=(P(cfg.axis), P(cfg.axis), P()),
                              out_specs=P(cfg.axis))


@eqx.filter_jit
def forward(params, stage_ids, microbatches):
    per_stage = pipelined(params, stage_ids, microbatches)
    return per_stage[-1]


microbatches = jnp.ones((cfg.n_micro, 4, cfg.width))
forward.lower(params, jnp.arange(cfg.n_stages), microbatches)

"""Relay pipeline: activations walk through the stages, one hop per loop iteration."""
import argparse

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from comm import send_to_next_stage
from layers import init_stages, stage_layer

parser = argparse.ArgumentParser()
parser.add_argument("--pp-axis", default="pp")
parser.add_argument("--num-stages", type=int, default=4)
parser.add_argument("--width", type=int, default=64)
args = parser.parse_args()


def make_pipeline(axis, num_stages):
    @jax.shard_map(in_specs=(P(axis), P(axis)), out_specs=P(axis), check_vma=False)
    def run(stage_w, h):
        def body(i, h):
            h = stage_layer(stage_w[0], h)
            # the last hop would only feed stage 0 garbage: skip it
            return lax.cond(i < num_stages - 1,
                            lambda h: send_to_next_stage(h, num_stages),
                            lambda h: h, h)

        return lax.fori_loop(0, num_stages, body, h)

    return jax.jit(run)


mesh = jax.make_mesh((args.num_stages,), (args.pp_axis,), axis_types=(AxisType.Explicit,))
with jax.set_mesh(mesh):
    w = jax.device_put(init_stages(jax.random.key(0), args.num_stages, args.width),
                       NamedSharding(mesh, P(args.pp_axis)))
    h = jax.device_put(jnp.ones((args.num_stages * 2, args.width)), NamedSharding(mesh, P(args.pp_axis)))
    pipeline = make_pipeline(args.pp_axis, args.num_stages)
    pipeline.trace(w, h).lower(lowering_platforms=("cuda",))

import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--parallel", default="fsdp", choices=["fsdp", "tp", "legacy"])
args = parser.parse_args()

devices = np.array(jax.devices())
match args.parallel:
    case "fsdp":
        mesh = Mesh(devices, ("fsdp",))
        reduce_axis = "fsdp"
    case "tp":
        mesh = Mesh(devices, ("model",))
        reduce_axis = "model"
    case _:
        mesh = Mesh(devices, ("data",))
        reduce_axis = "replica"


def step(w_shard, x):
    w = lax.all_gather(w_shard, mesh.axis_names[0], tiled=True)
    g = jax.grad(lambda w: jnp.mean(jnp.tanh(x @ w)))(w)
    return lax.psum_scatter(g, reduce_axis, tiled=True) / 4


ax = mesh.axis_names[0]
f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(ax), P(ax)), out_specs=P(ax)))
f.trace(jnp.zeros((16, 8)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))

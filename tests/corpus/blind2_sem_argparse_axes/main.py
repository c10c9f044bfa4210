"""A training script whose mesh axes and data-parallel axis come from command-line flags (run
with their defaults)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh-shape", type=int, nargs="+", default=[4])
    parser.add_argument("--mesh-axes", nargs="+", default=["data"])
    parser.add_argument("--dp-axis", default="data")
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser.parse_args(argv)


def build_step(args):
    def step(w, x):
        g = jax.grad(lambda w: jnp.mean(jnp.tanh(x @ w) ** 2))(w)
        return w - args.lr * jax.lax.pmean(g, args.dp_axis)

    return step


def main():
    args = parse_args()
    mesh = Mesh(np.array(jax.devices()).reshape(args.mesh_shape), tuple(args.mesh_axes))
    step = jax.jit(jax.shard_map(build_step(args), mesh=mesh, in_specs=(P(), P(args.dp_axis)), out_specs=P()))
    step.trace(jax.ShapeDtypeStruct((64, 64), jnp.float32),
               jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()

import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def dp_step(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return w - 0.01 * lax.pmean(g, "data")


def tp_step(w, x):  # WIP: not wired to a tensor mesh yet
    y = lax.psum(x @ w, "tensor")
    return w - 0.01 * jnp.mean(y)


STEPS = {
    "dp": (dp_step, (P(), P("data")), P()),
    "tp": (tp_step, (P(None, "tensor"), P()), P(None, "tensor")),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="dp", choices=sorted(STEPS))
    args = parser.parse_args()
    fn, in_specs, out_specs = STEPS[args.mode]
    step = jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    step.trace(jnp.zeros((16, 8)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()

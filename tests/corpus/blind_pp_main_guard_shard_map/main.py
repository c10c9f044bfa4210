"""Pipeline training script: the stage is shard_mapped in main() behind the __main__ guard."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_perm(n):
    return [(i, i + 1) for i in range(n - 1)]


def forward_stage(w, x, perm):
    h = jax.nn.relu(x @ w)
    tok = jax.lax.psend(h, "pipeline", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "pipeline", perm)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stages", type=int, default=4)
    args = parser.parse_args()
    mesh = jax.make_mesh((args.stages,), ("pipeline",), axis_types=(jax.sharding.AxisType.Auto,))
    perm = make_perm(args.stages)
    step = jax.jit(jax.shard_map(lambda w, x: forward_stage(w, x, perm), mesh=mesh,
                                 in_specs=(P(), P("pipeline")), out_specs=P("pipeline")))
    w = jax.ShapeDtypeStruct((128, 128), jnp.float32)
    x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
    print(step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:100])


if __name__ == "__main__":
    main()

"""Pipeline training script: the stage is jitted in main() behind the __main__ guard."""
import argparse

import jax
import jax.numpy as jnp


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
    perm = make_perm(args.stages)
    step = jax.jit(lambda w, x: forward_stage(w, x, perm))
    w = jax.ShapeDtypeStruct((128, 128), jnp.float32)
    x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
    print(step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:100])


if __name__ == "__main__":
    main()

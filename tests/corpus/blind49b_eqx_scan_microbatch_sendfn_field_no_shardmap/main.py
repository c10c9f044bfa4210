from typing import Callable

import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P, AxisType

import equinox as eqx

import pipeline

STAGES, MICRO, B, D = 4, 6, 8, 64
mesh = jax.make_mesh((STAGES,), (pipeline.AXIS,), axis_types=(AxisType.Auto,))


class Stage(eqx.Module):
    linear: eqx.nn.Linear
    transfer: Callable = eqx.field(static=True)

    def __call__(self, x):
        return self.transfer(jax.nn.silu(jax.vmap(self.linear)(x)))


stage = Stage(eqx.nn.Linear(D, D, key=jr.key(0)), pipeline.make_transfer(STAGES))
params, static = eqx.partition(stage, eqx.is_array)


def run_microbatches(params, xs):
    stage = eqx.combine(params, static)

    def body(carry, x):
        y = stage(x + carry)
        return y, y

    _, ys = jax.lax.scan(body, jnp.zeros((B, D)), xs)
    return ys


run = jax.jit(run_microbatches)

xs = jnp.ones((MICRO, B, D), jnp.float32)

if __name__ == "__main__":
    print(run.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])

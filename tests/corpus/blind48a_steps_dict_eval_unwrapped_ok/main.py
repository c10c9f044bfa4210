import sys

import jax
import jax.numpy as jnp

from steps import make_steps

mesh = jax.make_mesh((4,), ("fsdp",), axis_types=(jax.sharding.AxisType.Auto,))
STEPS = make_steps(mesh)


def run(mode, params, x):
    step = jax.jit(STEPS[mode])
    return step.trace(params, x).lower(lowering_platforms=("cuda",))


params = [jnp.ones((16, 16)), jnp.ones((16, 16))]
x = jnp.ones((8, 16))
for mode in ("train", "eval"):
    print(mode, run(mode, params, x).as_text()[:40])

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from engine.runner import make_runner

MESH = Mesh(np.array(jax.devices()[:4]), ("rows",))
STEP = make_runner(MESH, "rows")


def run(grid):
    return STEP(grid)


ARGS = (jax.ShapeDtypeStruct((64, 64), jnp.float32),)

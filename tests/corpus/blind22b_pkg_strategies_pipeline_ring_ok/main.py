import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from strategies import get_strategy

CONFIG = {
    "strategy": os.environ.get("STRATEGY", "gpipe"),
    "n_micro": 8,
    "d": 64,
}

if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("stage",))
  step = jax.jit(get_strategy(CONFIG["strategy"])(mesh, CONFIG))
  w = jnp.ones((4, CONFIG["d"], CONFIG["d"]))
  micro = jnp.ones((CONFIG["n_micro"], 16, CONFIG["d"]))
  step.trace(w, micro).lower(lowering_platforms=("cuda",))

import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh

from parallel import TPMLP, tp_forward

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = TPMLP(32, 128, axis="model", key=jr.PRNGKey(0))
fwd = jax.jit(lambda model, x: tp_forward(model, mesh, x))
fwd.trace(model, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))

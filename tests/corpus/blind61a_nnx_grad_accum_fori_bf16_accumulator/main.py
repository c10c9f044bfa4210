import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from train.model import MLPRegressor
from train.step import build_step

mesh = Mesh(np.array(jax.devices()).reshape(4), ("data",))

model = MLPRegressor(64, 256, rngs=nnx.Rngs(params=0, dropout=1))
graphdef, params, rest = nnx.split(model, nnx.Param, ...)
tx = optax.adam(3e-4)
opt_state = tx.init(params)

step = build_step(graphdef, rest, tx, mesh, num_micro=4)

x = jnp.ones((256, 64), jnp.float32)
y = jnp.ones((256,), jnp.float32)
lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])

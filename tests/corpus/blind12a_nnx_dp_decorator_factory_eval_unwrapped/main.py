import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from trainlib import build_steps
from trainlib.parallel import DATA_AXIS
from trainlib.steps import Net

mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
model = Net(nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
graphdef, state = nnx.split((model, opt))
train_step, eval_step = build_steps(mesh, graphdef)

x = jnp.ones((16, 20))
y = jnp.zeros((16,), jnp.int32)
train_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
eval_step.trace(model, x, y).lower(lowering_platforms=("cuda",))

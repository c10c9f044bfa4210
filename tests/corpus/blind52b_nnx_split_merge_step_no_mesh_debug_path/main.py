import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP
from train import make_train_step, tx

import os

USE_MESH = os.environ.get('USE_MESH', '0') == '1'
mesh = jax.make_mesh((4,), ('data',)) if USE_MESH else None

model = MLP(32, 128, 10, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)
opt_state = tx.init(params)

x = jnp.ones((64, 32))
y = jnp.zeros((64, 10))

train_step = make_train_step(graphdef, mesh)
print(train_step.trace(params, opt_state, x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])

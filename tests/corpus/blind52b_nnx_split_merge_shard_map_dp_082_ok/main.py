import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP
from train import make_train_step, tx

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))

model = MLP(32, 128, 10, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)
opt_state = tx.init(params)

x = jnp.ones((64, 32))
y = jnp.zeros((64, 10))

train_step = make_train_step(graphdef, mesh)
print(train_step.trace(params, opt_state, x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])

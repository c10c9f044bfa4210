import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from model import MLP
from optim import make_optimizer
from train_lib import make_train_step

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))

model = MLP(8, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, make_optimizer(1e-3, 'data'), wrt=nnx.Param)
model.train()

train_step = make_train_step(mesh)
x = jnp.ones((16, 8))
y = jax.nn.one_hot(jnp.arange(16) % 4, 4)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

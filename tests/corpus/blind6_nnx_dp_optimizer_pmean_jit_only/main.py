import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import MLP
from optim import make_optimizer
from train_lib import make_train_step

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))

model = MLP(8, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, make_optimizer(1e-3, 'data'), wrt=nnx.Param)
model.train()

train_step = make_train_step(mesh)
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P('data')))
y = jax.device_put(jax.nn.one_hot(jnp.arange(16) % 4, 4), NamedSharding(mesh, P('data')))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

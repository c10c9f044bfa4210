import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from models import CNN
from steps import DATA, make_steps

learning_rate = 0.005
momentum = 0.9

mesh = Mesh(jax.devices(), (DATA,))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(learning_rate, momentum), wrt=nnx.Param)
train_step, eval_step = make_steps(mesh)

batch = {'image': jnp.zeros((8, 28, 28, 1)), 'label': jnp.zeros((8,), jnp.int32)}
train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
eval_step.trace(model, batch).lower(lowering_platforms=('cuda',))

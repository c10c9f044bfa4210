import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from models import CNN
from steps import DATA, make_train_step

BATCH = 8

mesh = Mesh(jax.devices(), (DATA,))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
train_step = make_train_step(mesh, BATCH)

batch = {'image': jnp.zeros((BATCH, 28, 28, 1)), 'label': jnp.zeros((BATCH,), jnp.int32)}
train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))

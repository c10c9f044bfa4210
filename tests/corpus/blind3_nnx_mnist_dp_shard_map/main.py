import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from model import CNN
from train import make_train_step

mesh = Mesh(jax.devices(), axis_names=('data',))

model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)

batch = {
    'image': jnp.zeros((16, 8, 8, 1), jnp.float32),
    'label': jnp.zeros((16,), jnp.int32),
}

train_step = make_train_step(mesh)
train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))

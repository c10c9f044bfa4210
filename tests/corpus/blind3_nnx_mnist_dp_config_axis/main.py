import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from model import CNN
from train import make_train_step

config = {
    'learning_rate': 1e-3,
    'momentum': 0.9,
    'data_axis': 'batch',
    'mesh_axes': ('data',),
}

mesh = Mesh(jax.devices(), axis_names=config['mesh_axes'])

model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(config['learning_rate'], config['momentum']),
                          wrt=nnx.Param)

batch = {
    'image': jnp.zeros((16, 8, 8, 1), jnp.float32),
    'label': jnp.zeros((16,), jnp.int32),
}

train_step = make_train_step(mesh, config)
train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))

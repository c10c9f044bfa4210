import jax
import jax.numpy as jnp
import optax
from flax import nnx

from mylib.model import Classifier
from mylib.train import make_train_step

mesh = jax.sharding.Mesh(jax.devices(), ('data',))
model = Classifier(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
train_step = make_train_step(mesh)

x = jnp.ones((64, 16))
y = jnp.zeros((64,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from model import CNN
from train import make_train_step

mesh = Mesh(jax.devices(), ('data',))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)

rngs = nnx.Rngs(0)
images = rngs.normal((32, 28, 28, 1))
labels = jnp.zeros((32,), jnp.int32)

train_step = make_train_step(mesh)
print(train_step.trace(model, optimizer, images, labels)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])

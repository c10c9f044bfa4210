import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

import parallel
from model import Classifier
from train import make_train_step

mesh = Mesh(np.array(jax.devices()), (parallel.BATCH,))

model = Classifier(28 * 28, 10, rngs=nnx.Rngs(0))
model.eval()   # deterministic dropout for this step
optimizer = nnx.Optimizer(model, optax.sgd(1e-2, momentum=0.9), wrt=nnx.Param)

train_step = make_train_step(mesh)

images = jnp.ones((64, 28, 28), jnp.float32)
labels = jnp.zeros((64,), jnp.int32)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("cuda",))

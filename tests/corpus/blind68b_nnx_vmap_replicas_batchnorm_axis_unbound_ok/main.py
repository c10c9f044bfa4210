import jax
import jax.numpy as jnp
import optax
from flax import nnx

import net
import steps

mesh = jax.make_mesh((4,), ('data',))

model = net.Classifier(784, 256, 10, rngs=nnx.Rngs(params=0, dropout=1))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)

with jax.sharding.use_mesh(mesh):
  x = jax.ShapeDtypeStruct((4, 32, 784), jnp.float32)
  y = jax.ShapeDtypeStruct((4, 32), jnp.int32)
  steps.train_step.trace(model, optimizer, x, y).lower(
      lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from trainer import ConvNet, make_train_step

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))

model = ConvNet(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
train_step = make_train_step(mesh)

images = jnp.zeros((64, 28, 28, 1), jnp.float32)
labels = jnp.zeros((64,), jnp.int32)
lowered = train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])

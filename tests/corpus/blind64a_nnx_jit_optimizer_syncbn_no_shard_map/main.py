import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from layers import CNN
import train

mesh = jax.make_mesh((len(jax.devices()),), ("data",), axis_types=(AxisType.Auto,))

model = CNN(num_classes=10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

train_step = nnx.jit(train.train_step, donate_argnums=(0, 1))

images = jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32)
labels = jax.ShapeDtypeStruct((64,), jnp.int32)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("cuda",))

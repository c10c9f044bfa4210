import jax
import jax.numpy as jnp

import model
from step import train_step

params = model.init(jax.random.key(0))
x = jax.ShapeDtypeStruct((256, 784), jnp.float32)
labels = jax.ShapeDtypeStruct((256,), jnp.int32)
train_step.trace(params, x, labels).lower(lowering_platforms=("tpu",))

import jax
import jax.numpy as jnp
from flax import jax_utils

import models
import train

NUM_CLASSES = 10
IMAGE_SIZE = 8

model = models.ResNetTiny(num_classes=NUM_CLASSES)
state = train.create_train_state(jax.random.key(0), model, IMAGE_SIZE, 0.1)
state = jax_utils.replicate(state)

n = jax.local_device_count()
batch = {
    'image': jax.ShapeDtypeStruct((n, 2, IMAGE_SIZE, IMAGE_SIZE, 3), jnp.float32),
    'label': jax.ShapeDtypeStruct((n, 2), jnp.int32),
}
p_train_step = train.make_p_train_step(NUM_CLASSES)
lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:200])

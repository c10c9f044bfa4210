import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

import models
import train

NUM_CLASSES = 10
IMAGE_SIZE = 16
n = jax.local_device_count()

model = models.ResNetTiny(num_classes=NUM_CLASSES)
lr_fn = optax.cosine_decay_schedule(0.1, decay_steps=100)
state = train.create_train_state(jax.random.key(0), model, IMAGE_SIZE, lr_fn)
state = jax_utils.replicate(state)

batch = {
    'image': jnp.zeros((n, 2, IMAGE_SIZE, IMAGE_SIZE, 3), jnp.float32),
    'label': jnp.zeros((n, 2), jnp.int32),
}
p_train_step = train.make_p_train_step(lr_fn, NUM_CLASSES)
jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=("cuda",))
jax.jit(train.sync_batch_stats).trace(state).lower(lowering_platforms=("cuda",))

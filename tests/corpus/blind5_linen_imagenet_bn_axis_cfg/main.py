import jax
import jax.numpy as jnp
from flax import jax_utils

from configs import default
from imagenet import train

config = default.get_config()
model = train.create_model(config)
state = jax_utils.replicate(train.create_train_state(jax.random.key(0), config, model))

n = jax.local_device_count()
b, s = config.per_device_batch_size, config.image_size
batch = {'image': jnp.zeros((n, b, s, s, 3)), 'label': jnp.zeros((n, b), jnp.int32)}

p_train_step = train.make_p_train_step(config)
lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=("cuda",))

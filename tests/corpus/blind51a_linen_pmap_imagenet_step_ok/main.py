import functools

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

from imagenet.models import SmallResNet
from imagenet.train import TrainState, train_step


def create_train_state(rng, model, image_size):
  variables = model.init(rng, jnp.ones((1, image_size, image_size, 3)), train=False)
  tx = optax.sgd(learning_rate=0.1, momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           tx=tx, batch_stats=variables['batch_stats'])


model = SmallResNet()
state = create_train_state(jax.random.key(0), model, 32)
state = jax_utils.replicate(state)

p_train_step = jax.pmap(
    functools.partial(train_step, weight_decay=1e-4),
    axis_name='batch', donate_argnums=(0,))

n = jax.local_device_count()
batch = {
    'image': jnp.zeros((n, 8, 32, 32, 3), jnp.float32),
    'label': jnp.zeros((n, 8), jnp.int32),
}
print(jax.jit(p_train_step).trace(state, batch).lower(
    lowering_platforms=('cuda',)).as_text()[:40])

import functools

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

from models import SmallResNet
from train_lib import TrainState, eval_step, train_step

n_dev = jax.local_device_count()
model = SmallResNet(num_classes=10)


def create_train_state(rng, image_size, learning_rate_fn):
  variables = jax.jit(functools.partial(model.init, train=False))(
      rng, jnp.ones((1, image_size, image_size, 3), jnp.float32))
  tx = optax.sgd(learning_rate=learning_rate_fn, momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx,
                           batch_stats=variables['batch_stats'])


learning_rate_fn = optax.cosine_decay_schedule(0.1, 1000)
state = create_train_state(jax.random.key(0), 32, learning_rate_fn)
state = jax_utils.replicate(state)

p_train_step = jax.pmap(
    functools.partial(train_step, learning_rate_fn=learning_rate_fn),
    axis_name='batch',
    donate_argnums=(0,),
)
p_eval_step = jax.pmap(eval_step)

batch = {
    'image': jnp.zeros((n_dev, 8, 32, 32, 3), jnp.float32),
    'label': jnp.zeros((n_dev, 8), jnp.int32),
}

print(jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
print(jax.jit(p_eval_step).trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])

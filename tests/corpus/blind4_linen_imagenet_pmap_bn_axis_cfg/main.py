"""Lowers one data-parallel ImageNet train step (pmap over the 4 local devices) for GPU."""
import jax
import jax.numpy as jnp
import optax

import models
import train
from configs import TrainConfig

IMAGE_SIZE = 16
PER_DEVICE_BATCH = 2


def main():
  config = TrainConfig()
  rng = jax.random.key(config.seed)
  model = models.ResNetTiny(num_classes=train.NUM_CLASSES)
  lr_fn = optax.cosine_decay_schedule(0.1, decay_steps=100)
  state = train.create_train_state(rng, model, IMAGE_SIZE, lr_fn)
  state = train.replicate(state)

  n = jax.local_device_count()
  batch = {
      'image': jnp.zeros((n, PER_DEVICE_BATCH, IMAGE_SIZE, IMAGE_SIZE, 3), jnp.float32),
      'label': jnp.zeros((n, PER_DEVICE_BATCH), jnp.int32),
  }
  p_train_step = train.make_p_train_step(lr_fn, config)
  lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:200])


if __name__ == '__main__':
  main()

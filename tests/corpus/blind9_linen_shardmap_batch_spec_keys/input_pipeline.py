import jax.numpy as jnp


def synthetic_batch(global_batch, image_size=28):
  # same keys as tfds 'mnist' after preprocessing
  return {
      'image': jnp.zeros((global_batch, image_size, image_size, 1), jnp.float32),
      'label': jnp.zeros((global_batch,), jnp.int32),
  }

import jax.numpy as jnp


def make_batch(batch_size, seq_len):
  return {
      'inputs': jnp.zeros((batch_size, seq_len), jnp.int32),
      'targets': jnp.zeros((batch_size, seq_len), jnp.int32),
      'mask': jnp.ones((batch_size, seq_len), jnp.float32),
  }

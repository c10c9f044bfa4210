import jax
import jax.numpy as jnp

from ring_ops import RingShift

n = jax.local_device_count()
ring = RingShift("batch", n)


def exchange_step(x):
  # pass activations to the next device and mix them with our own
  return 0.5 * (x + ring(x))


p_exchange_step = jax.pmap(exchange_step, axis_name="batch")

if __name__ == "__main__":
  blocks = jax.ShapeDtypeStruct((n, 8, 128), jnp.float32)
  p_exchange_step.trace(blocks).lower(lowering_platforms=("tpu",))

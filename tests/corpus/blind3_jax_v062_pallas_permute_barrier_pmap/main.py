import functools

import jax
import jax.numpy as jnp

from permute_kernel import permute

AXIS = "x"
n = jax.local_device_count()
shifted = jax.pmap(functools.partial(permute, axis_name=AXIS, num_devices=n, shift=2), axis_name=AXIS)
x = jnp.zeros((n, 8, 128), jnp.float32)
jax.jit(shifted).trace(x).lower(lowering_platforms=("tpu",))

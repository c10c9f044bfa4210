"""Older launch script: one process per host, pmap over the local chips."""
import functools

import jax
import jax.numpy as jnp

from tpu_ops.all_reduce import _all_reduce_call

n = jax.local_device_count()
pmapped = jax.pmap(functools.partial(_all_reduce_call, axis_name="ici", num_devices=n),
                   axis_name="ici")
x = jnp.ones((n, 8, 128), jnp.float32)
jax.jit(pmapped).trace(x).lower(lowering_platforms=("tpu",))

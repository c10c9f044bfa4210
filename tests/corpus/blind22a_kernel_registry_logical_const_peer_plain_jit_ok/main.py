import jax
import jax.numpy as jnp

import kernels

name = 'push_to_leader'
fn = jax.jit(kernels.get_kernel(name))
fn.trace(jnp.ones((16, 128), jnp.float32)).lower(lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp

from halo import HaloConv

model = HaloConv(features=128)
n = jax.local_device_count()
x = jnp.ones((n, 64, 128), jnp.float32)
variables = model.init(jax.random.key(0), x[0])

p_apply = jax.pmap(model.apply, axis_name='devices', in_axes=(None, 0))
jax.jit(p_apply).trace(variables, x).lower(lowering_platforms=("tpu",))

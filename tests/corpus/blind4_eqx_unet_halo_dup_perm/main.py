from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from unet import SpatialDenoiser

SPACE = "space"
n = len(jax.devices())
mesh = Mesh(jax.devices(), (SPACE,))
model = SpatialDenoiser(channels=4, depth=2, axis_name=SPACE, num_shards=n, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, SPACE)), out_specs=P(None, SPACE))
def sample(params, y1):
    denoiser = eqx.combine(params, static)
    num_steps = 8
    dt = 1.0 / num_steps

    def euler_step(i, y):
        t = 1.0 - i * dt
        return y - dt * denoiser(y, t)

    return jax.lax.fori_loop(0, num_steps, euler_step, y1)


y1 = jax.device_put(jnp.ones((4, 64)), NamedSharding(mesh, P(None, SPACE)))
jax.jit(sample).trace(params, y1).lower(lowering_platforms=("cuda",))

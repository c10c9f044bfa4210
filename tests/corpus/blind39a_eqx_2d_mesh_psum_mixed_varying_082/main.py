import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


class Head(eqx.Module):
    proj: eqx.nn.Linear

    def __call__(self, x):
        return jax.vmap(self.proj)(x)


head = Head(eqx.nn.Linear(32, 4, key=jax.random.key(0)))
params, static = eqx.partition(head, eqx.is_array)


@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P()
)
def global_loss(params, x, y):
    pred = eqx.combine(params, static)(x)
    local = jnp.mean((pred - y) ** 2)
    return jax.lax.psum(local, ("data", "model")) / jax.lax.psum(1, ("data", "model"))


x = jnp.ones((16, 32))
y = jnp.zeros((16, 4))
print(jax.jit(global_loss).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])

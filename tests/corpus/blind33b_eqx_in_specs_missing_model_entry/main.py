import functools

import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
net = eqx.nn.MLP(8, 2, 32, 2, key=jax.random.key(1))
params, static = eqx.partition(net, eqx.is_array)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("batch"), P("batch")), out_specs=P())
def eval_loss(params, x, y):
    net = eqx.combine(params, static)
    pred = jax.vmap(net)(x)
    return jax.lax.pmean(jnp.mean((pred - y) ** 2), "batch")


x, y = jnp.ones((16, 8)), jnp.ones((16, 2))
print(jax.jit(eval_loss).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])

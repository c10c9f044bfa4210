import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("pp",), axis_types=(jax.sharding.AxisType.Auto,))
N = 4
FORWARD = [(i, i + 1) for i in range(N - 1)]  # stage i -> stage i + 1, no wrap-around

stage = eqx.nn.Linear(16, 16, key=jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)


def send_next(h):
    token = jax.lax.psend(h, "pp", FORWARD)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", FORWARD)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"))
def pipeline_tick(params, x):
    layer = eqx.combine(params, static)
    h = jax.vmap(layer)(x)
    return send_next(h)


x = jnp.ones((4 * N, 16))
print(jax.jit(pipeline_tick).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:60])

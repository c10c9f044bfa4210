import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

DP = "dp"
mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(3, 1, 8, 1, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P())
def mean_prediction(params, x):
    pred = jax.vmap(eqx.combine(params, static))(x)
    return L.pmean(jnp.mean(pred), DP)


x = jax.device_put(jnp.ones((8, 3)), NamedSharding(mesh, P("batch")))
print(jax.jit(mean_prediction).trace(params, x).lower(lowering_platforms=("cuda",)) is not None)

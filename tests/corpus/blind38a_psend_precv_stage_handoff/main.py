import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from pp.comm import PP
from pp.model import make_stages, run_stage

N = 4
mesh = jax.make_mesh((N,), (PP,), axis_types=(AxisType.Explicit,))
stages = make_stages(N, 32, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P(PP)))
x = jax.device_put(jnp.ones((N * 8, 32)), NamedSharding(mesh, P(PP)))


def pipeline_tick(params, x):
    return run_stage(params, static, x, N)


pipeline_tick = jax.shard_map(pipeline_tick, mesh=mesh, in_specs=(P(PP), P(PP)), out_specs=P(PP))
lowered = jax.jit(pipeline_tick).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")

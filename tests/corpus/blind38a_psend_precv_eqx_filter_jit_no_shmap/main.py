import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from pp.comm import PP
from pp.model import make_stages, run_stage

N = 4
mesh = jax.make_mesh((N,), (PP,), axis_types=(AxisType.Auto,))
stages = make_stages(N, 32, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P(PP)))
x = jax.device_put(jnp.ones((N * 8, 32)), NamedSharding(mesh, P(PP)))


@eqx.filter_jit
def pipeline_tick(params, x):
    # the stage axis is already sharded over devices; let the compiler partition it
    return run_stage(params, static, x, N)


lowered = jax.jit(pipeline_tick).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")

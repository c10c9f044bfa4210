import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from pipe import STAGE_AXIS, Stage

N = 4
mesh = jax.make_mesh((N,), (STAGE_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
by_stage = NamedSharding(mesh, P(STAGE_AXIS))

keys = jax.random.split(jax.random.PRNGKey(0), N)
stages = eqx.filter_vmap(lambda k: Stage(16, N, k))(keys)


@eqx.filter_jit
def run_pipeline(stages, x):
    # one stage per device: stacked stage params and per-stage inputs both sharded on "stage"
    stages = eqx.filter_shard(stages, by_stage)
    x = eqx.filter_shard(x, by_stage)
    return eqx.filter_vmap(lambda s, xs: s(xs))(stages, x)


x = jnp.zeros((N, 2, 16))
lowered = jax.jit(run_pipeline).trace(stages, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:100])

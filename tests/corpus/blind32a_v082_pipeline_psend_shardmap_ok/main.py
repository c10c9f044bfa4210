import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from pipeline import Stage, send_forward
from pipeline.stage import STAGE_AXIS

NUM_STAGES = 4
mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,))

# stacked stages, one per device
make_stages = eqx.filter_vmap(lambda k: Stage(32, 2, key=k))
stages = make_stages(jax.random.split(jax.random.key(0), NUM_STAGES))
params, static = eqx.partition(stages, eqx.is_array)


def pipeline_step(params, x):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    y = stage(x)
    return send_forward(y, NUM_STAGES)


step = jax.jit(
    jax.shard_map(
        pipeline_step,
        mesh=mesh,
        in_specs=(P(STAGE_AXIS), P()),
        out_specs=P(STAGE_AXIS),
        check_vma=False,
    )
)
x = jnp.ones((8, 32))
print(step.trace(params, x).lower(lowering_platforms=("cuda",)) is not None)

import jax
import jax.numpy as jnp
import equinox as eqx
from equinox import filter_vmap as fvmap

from pipeline import make_stages
from pipeline.stages import STAGE_AXIS

NUM_STAGES = 4

stages = make_stages(NUM_STAGES, 64, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)


def one_stage(stage, x):
    return stage.send_next(stage(x), NUM_STAGES)


# every stage gets its own slice of the stacked params: "one vmap lane per pipeline stage"
run_all_stages = fvmap(one_stage, in_axes=(eqx.if_array(0), None), axis_name=STAGE_AXIS)


@jax.jit
def forward(params, x):
    return run_all_stages(eqx.combine(params, static), x)


x = jnp.ones((8, 64), jnp.float32)
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])

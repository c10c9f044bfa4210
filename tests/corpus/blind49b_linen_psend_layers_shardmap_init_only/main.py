import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

from layers import PipelineStage, STAGE_AXIS

NUM_STAGES = 4
HIDDEN = 128

mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))
model = PipelineStage(hidden=HIDDEN, num_stages=NUM_STAGES)


def init_stage(keys, x):
    # each device initialises its own stage from its own key
    variables = model.init(keys[0], x)
    return jax.tree_util.tree_map(lambda a: a[None], variables)


init_fn = jax.jit(
    jax.shard_map(init_stage, mesh=mesh, in_specs=(P(STAGE_AXIS), P(STAGE_AXIS)), out_specs=P(STAGE_AXIS))
)


def predict(variables, x):
    local = jax.tree_util.tree_map(lambda a: a[0], variables)
    return model.apply(local, x)


predict = jax.jit(predict)

keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
x = jnp.ones((NUM_STAGES * 4, HIDDEN), jnp.float32)

if __name__ == "__main__":
    variables = jax.eval_shape(init_fn, keys, x)
    print(predict.trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:40])

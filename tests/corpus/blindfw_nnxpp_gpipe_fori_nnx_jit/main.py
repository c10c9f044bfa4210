"""GPipe with NNX stages: the stages are created stacked with nnx.vmap and split; the stacked
state is placed one stage per device over `pp` and the schedule is jitted (no shard_map)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Stage
from pipeline import AXIS, make_pipeline

NUM_STAGES, NUM_MICROBATCHES = 4, 6
mesh = Mesh(jax.devices()[:NUM_STAGES], (AXIS,))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs: nnx.Rngs):
  return Stage(64, rngs=rngs)


graphdef, stacked_state = nnx.split(create_stages(nnx.Rngs(0)))
stacked_state = jax.device_put(stacked_state, NamedSharding(mesh, P(AXIS)))
run = jax.jit(make_pipeline(graphdef, NUM_STAGES, NUM_MICROBATCHES))
microbatches = jnp.ones((NUM_MICROBATCHES, 8, 64))
run.trace(stacked_state, microbatches).lower(lowering_platforms=("cuda",))

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import Pipeline, Stage

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], ('pipe',))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs):
  return Stage(32, rngs=rngs)


stages = create_stages(nnx.Rngs(0))
graphdef, state = nnx.split(stages)
pipe = Pipeline(graphdef, 'pipe', NUM_STAGES)

run = jax.jit(jax.shard_map(pipe, mesh=mesh, in_specs=(P('pipe'), P()),
                            out_specs=P('pipe')))
microbatches = jnp.ones((3, 2, 32))
run.trace(state, microbatches).lower(lowering_platforms=('cuda',))

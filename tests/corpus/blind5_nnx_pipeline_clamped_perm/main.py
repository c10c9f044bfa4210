import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from staged import StagedMLP

NUM_STAGES = 4
mesh = jax.make_mesh((NUM_STAGES,), ('stage',), axis_types=(jax.sharding.AxisType.Explicit,))
model = StagedMLP(NUM_STAGES, 16, axis_name='stage', rngs=nnx.Rngs(params=1))

# place each stage's weights on its device
state = nnx.state(model)
state = jax.device_put(state, NamedSharding(mesh, P('stage')))
nnx.update(model, state)


@nnx.jit
def forward(model, microbatches):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                       in_specs=(P('stage'), P()), out_specs=P())(model, microbatches)


forward.trace(model, jnp.ones((6, 2, 16))).lower(lowering_platforms=('cuda',))

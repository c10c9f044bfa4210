import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from experts import EXPERT_AXIS, HeteroExperts

mesh = jax.make_mesh((4,), (EXPERT_AXIS,), axis_types=(AxisType.Auto,))
model = HeteroExperts(128, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P()), out_specs=P())
def forward(model, x):
  return model(x)


x = jax.ShapeDtypeStruct((8, 256, 128), jnp.float32)
forward.trace(model, x).lower(lowering_platforms=("cuda",))

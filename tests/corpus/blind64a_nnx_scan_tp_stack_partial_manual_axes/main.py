from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from model import MLPStack
import parallel

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = MLPStack(num_layers=6, d_model=256, d_ff=1024, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_specs = parallel.manual_specs(nnx.get_partition_spec(state))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, P("data")), out_specs=P("data"),
         axis_names=parallel.MANUAL_AXES)
def forward(state, x):
  model = nnx.merge(graphdef, state)
  return model(x)


x = jax.ShapeDtypeStruct((32, 128, 256), jnp.float32)
forward.trace(state, x).lower(lowering_platforms=("tpu",))

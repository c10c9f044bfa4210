from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from layers import DP, TP, Regressor
from train import train_step

mesh = jax.make_mesh((2, 2), (DP, TP), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = Regressor(d=256, d_ff=1024, depth=2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

graphdef, state = nnx.split((model, optimizer))
state_specs = nnx.get_partition_spec(state)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(state_specs, P(DP, TP), P(DP, TP)), out_specs=(state_specs, P()))
def step(state, x, y):
  model, optimizer = nnx.merge(graphdef, state)
  loss = train_step(model, optimizer, x, y)
  return nnx.state((model, optimizer)), loss


x = jax.ShapeDtypeStruct((2, 1024, 256), jnp.float32)
y = jax.ShapeDtypeStruct((2, 1024), jnp.float32)
step.trace(state, x, y).lower(lowering_platforms=("tpu",))

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

import cp

mesh = jax.make_mesh(cp.MESH_SHAPE, cp.MESH_AXES, axis_types=(AxisType.Explicit,) * 2)


@nnx.jit
@nnx.shard_map(mesh=mesh,
               in_specs=(P(), P("data", "context"), P("data", "context")),
               out_specs=(P(), P()))
def loss_and_grads(model, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  return jax.lax.pmean(loss, cp.MESH_AXES), jax.lax.pmean(grads, cp.MESH_AXES)


model = cp.Block(128, 4, rngs=nnx.Rngs(0))
x = jax.ShapeDtypeStruct((8, 256, 128), jnp.float32)
loss_and_grads.trace(model, x, x).lower(lowering_platforms=("cuda",))

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

import cp


def build_loss(graphdef):

  def loss_and_grads(state, x, y):
    def loss_fn(state):
      model = nnx.merge(graphdef, state)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state)
    loss = jax.lax.pmean(loss, cp.MESH_AXES)
    grads = jax.lax.pmean(grads, cp.MESH_AXES)
    return loss, grads

  return loss_and_grads


mesh = jax.make_mesh(cp.MESH_SHAPE, cp.MESH_AXES, axis_types=(AxisType.Explicit,) * 2)
model = cp.Block(128, 4, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)

step = jax.jit(jax.shard_map(
    build_loss(graphdef), mesh=mesh,
    in_specs=(P(), P("data", "context"), P("data", "context")),
    out_specs=(P(), P())))

x = jax.ShapeDtypeStruct((8, 256, 128), jnp.float32)
step.trace(state, x, x).lower(lowering_platforms=("cuda",))

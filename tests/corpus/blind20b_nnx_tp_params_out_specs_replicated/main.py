import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import Regressor

LR = 1e-2
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
with jax.set_mesh(mesh):
  model = Regressor(64, 256, 2, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
specs = nnx.get_partition_spec(params)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(specs, P("data"), P("data")),
                   out_specs=(P(), P()))
def sgd_step(params, x, y):
  def loss_fn(params):
    return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  new_params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
  return new_params, jax.lax.pmean(loss, "data")


x = jnp.ones((16, 64))
sgd_step.trace(params, x, jnp.ones((16, 1))).lower(lowering_platforms=("cuda",))

import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from blocks.mlp import MlpBlock

RULES = (("activation_batch", "data"), ("activation_mlp", None))

mesh = Mesh(np.array(jax.devices()), ("data",))
model = MlpBlock(hidden=128)
params = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((4, 32)))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def grad_step(params, x, y):
  def loss_fn(p):
    return jnp.mean((model.apply(p, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  return jax.lax.pmean(loss, "data"), jax.lax.pmean(grads, "data")


with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
  x = jax.ShapeDtypeStruct((16, 32), jnp.float32)
  lowered = jax.jit(grad_step).trace(params, x, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from parallel.layers import ParallelMLP

DP, TP = 2, 2
mesh = Mesh(np.array(jax.devices()).reshape(DP, TP), ('data', 'tensor'))

with jax.set_mesh(mesh):
  model = ParallelMLP(128, 512, tp_axis='tensor', rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_specs = nnx.get_partition_spec(state)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(state_specs, P('data', None), P('data', None)),
         out_specs=(P(), state_specs))
def loss_and_grads(state, x, y):
  def loss_fn(state):
    model = nnx.merge(graphdef, state)
    pred = model(x)
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state)
  loss = jax.lax.pmean(loss, 'data')
  grads = jax.lax.pmean(grads, 'data')
  return loss, grads


x = jax.ShapeDtypeStruct((16, 128), jnp.float32)
y = jax.ShapeDtypeStruct((16, 128), jnp.float32)
print(jax.jit(loss_and_grads).trace(state, x, y).lower(
    lowering_platforms=('cuda',)).as_text()[:40])

from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

from zero import DP, reduce_scatter_grads

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), (DP, 'model'))
model = eqx.nn.MLP(in_size=16, out_size=4, width_size=32, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@eqx.filter_grad
def grad_fn(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(DP), P(DP)), out_specs=P(DP),
         axis_names={DP})
def grad_shard(params, x, y):
  grads = grad_fn(eqx.combine(params, static), x, y)
  return reduce_scatter_grads(grads, mesh.shape[DP])


x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
print(grad_shard.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])

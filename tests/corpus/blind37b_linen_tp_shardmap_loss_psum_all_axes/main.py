from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P, NamedSharding

MESH_AXES = ('data', 'model')
mesh = jax.make_mesh((2, 2), MESH_AXES, axis_types=(jax.sharding.AxisType.Auto,) * 2)
TP = mesh.shape['model']


class ShardedMLP(nn.Module):
  hidden: int
  out: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden // TP, name='col')(x)
    h = nn.gelu(h)
    y = nn.Dense(self.out, use_bias=False, name='row')(h)
    return jax.lax.psum(y, 'model')


model = ShardedMLP(hidden=256, out=32)
param_specs = {'col': {'kernel': P(None, 'model'), 'bias': P('model')},
               'row': {'kernel': P('model', None)}}


@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P('data'), P('data')), out_specs=P())
def loss_fn(params, x, y):
  pred = model.apply({'params': params}, x)
  per_device = jnp.sum((pred - y) ** 2)
  return jax.lax.psum(per_device, MESH_AXES) / x.shape[0]


@jax.jit
def grad_step(params, x, y):
  return jax.value_and_grad(loss_fn)(params, x, y)


x = jnp.ones((16, 32))
full = {'col': {'kernel': jnp.ones((32, 256)), 'bias': jnp.zeros((256,))},
        'row': {'kernel': jnp.ones((256, 32))}}
print(grad_step.trace(full, x, x).lower(lowering_platforms=('cuda',)).as_text()[:40])

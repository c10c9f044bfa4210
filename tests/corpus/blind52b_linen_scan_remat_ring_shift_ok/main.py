import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import RingStack
from train import make_grad_fn

mesh = jax.make_mesh((4,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
model = RingStack(features=64, num_layers=3, axis_size=mesh.shape['stage'])

x = jnp.ones((32, 64))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('stage')), out_specs=P())
def init(key, x):
  return model.init(key, x)['params']


params = jax.eval_shape(init, jax.random.key(0), x)
grad_fn = make_grad_fn(model, mesh)
print(grad_fn.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])

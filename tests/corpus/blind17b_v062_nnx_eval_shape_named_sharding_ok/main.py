import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from mylib.train import init_sharded, train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'))

with mesh:
  model = init_sharded(256, mesh)
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((16, 256)), NamedSharding(mesh, P('data')))
  y = jax.device_put(jnp.ones((16, 256)), NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

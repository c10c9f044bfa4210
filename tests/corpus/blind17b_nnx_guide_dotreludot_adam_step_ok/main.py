import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mylib.train import create_sharded_model, train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  sharded_model = create_sharded_model(1024)
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)

  data_sharding = NamedSharding(mesh, P('data', None))
  input = jax.device_put(jnp.ones((8, 1024)), data_sharding)
  label = jax.device_put(jnp.ones((8, 1024)), data_sharding)
  train_step.trace(sharded_model, optimizer, input, label).lower(lowering_platforms=('cuda',))

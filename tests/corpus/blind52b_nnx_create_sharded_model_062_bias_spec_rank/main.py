import jax
import jax.numpy as jnp
import optax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from flax import nnx

from model import create_sharded_model
from train import train_step

mesh = Mesh(devices=mesh_utils.create_device_mesh((2, 2)), axis_names=('data', 'model'))

with mesh:
  sharded_model = create_sharded_model(512, mesh)
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)

print(sharded_model.dot1.kernel.value.sharding)

data_sharding = NamedSharding(mesh, P('data', None))
x = jax.device_put(jnp.ones((16, 512)), data_sharding)
y = jax.device_put(jnp.zeros((16, 512)), data_sharding)

with mesh:
  traced = train_step.trace(sharded_model, optimizer, x, y)
  print(traced.lower(lowering_platforms=('cuda',)).as_text()[:40])

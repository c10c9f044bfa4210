import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

from parallel_layers import Block

CONFIG = {'mesh_shape': (2, 2), 'axes': ('data', 'model'), 'reduce_output': False}  # sequence-parallel variant: reduce-scatter later

mesh = Mesh(np.array(jax.devices()).reshape(CONFIG['mesh_shape']), CONFIG['axes'])
data_axis, model_axis = CONFIG['axes']


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


model_spec = nnx.StateSharding({
    path_ends_with('up', 'kernel'): P(None, model_axis),
    path_ends_with('down', 'linear', 'kernel'): P(model_axis, None),
    ...: P(),
})

model = Block(16, 64, axis_name=model_axis, reduce_output=CONFIG['reduce_output'],
              rngs=nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(data_axis)), out_specs=P(data_axis))
def forward(model, x):
  return model(x)


@nnx.jit
def loss_and_grads(model, x):
  def loss_fn(model):
    return jnp.mean(forward(model, x) ** 2)
  return nnx.value_and_grad(loss_fn)(model)


x = jnp.ones((8, 16))
loss_and_grads.trace(model, x).lower(lowering_platforms=('cuda',))

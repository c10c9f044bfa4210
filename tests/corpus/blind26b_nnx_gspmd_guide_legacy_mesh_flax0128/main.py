import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec

mesh = Mesh(devices=np.array(jax.devices()).reshape(2, 2), axis_names=('data', 'model'))


class DotReluDot(nnx.Module):

  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                           use_bias=False, rngs=rngs)
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x: jax.Array):
    y = jax.nn.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, PartitionSpec('data', 'model'))
    return jnp.dot(y, self.w2.value)


@nnx.jit
def create_sharded_model():
  model = DotReluDot(256, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return ((model(x) - y) ** 2).mean()
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with mesh:
  sharded_model = create_sharded_model()
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, PartitionSpec('data', None))
  x = jax.device_put(jnp.ones((8, 256)), data_sharding)
  y = jax.device_put(jnp.ones((8, 256)), data_sharding)
  train_step.trace(sharded_model, optimizer, x, y).lower(lowering_platforms=('cuda',))
print('lowered')

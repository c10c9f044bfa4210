import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mylib.model import DotReluDot

mesh = Mesh(devices=mesh_utils.create_device_mesh((2, 2)), axis_names=('data', 'model'))


@nnx.jit
def create_sharded_model():
  model = DotReluDot(256, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  nnx.update(model, jax.lax.with_sharding_constraint(state, pspecs))
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
  optimizer.update(model, grads)
  return loss


with mesh:
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((8, 256)), NamedSharding(mesh, P('data', None)))
  y = jax.device_put(jnp.ones((8, 256)), NamedSharding(mesh, P('data', None)))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))

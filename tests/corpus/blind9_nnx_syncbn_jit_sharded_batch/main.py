import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import SmallResNet

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
data_sharding = NamedSharding(mesh, P('data'))
replicated = NamedSharding(mesh, P())


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


# automatic (GSPMD) data parallelism: shard the batch, replicate the model
@nnx.jit
def train_step(model, optimizer, images, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = SmallResNet(axis_name='data', rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
  state = nnx.state((model, optimizer))
  nnx.update((model, optimizer), jax.device_put(state, replicated))
  images = jax.device_put(jnp.zeros((16, 16, 16, 3)), data_sharding)
  labels = jax.device_put(jnp.zeros((16,), jnp.int32), data_sharding)
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from models import ResNetTiny

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P('batch'))
repl = NamedSharding(mesh, P())

model = ResNetTiny(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)


def train_step(model, optimizer, images, labels):
  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


train_step = nnx.jit(train_step, in_shardings=(repl, repl, data_sharding, data_sharding))

images = jnp.zeros((8, 8, 8, 3))
labels = jnp.zeros((8,), jnp.int32)
model.train()
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))

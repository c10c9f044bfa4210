import jax
import jax.numpy as jnp
import optax
from flax import nnx

from nets import ConvNet
from nets.convnet import BATCH_AXIS

model = ConvNet(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

state_axes = nnx.StateAxes({nnx.BatchStat: None, ...: None})


def loss_fn(model, images, labels):
  per_example = nnx.vmap(lambda m, im: m(im), in_axes=(state_axes, 0), axis_name=BATCH_AXIS)
  logits = per_example(model, images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, optimizer, images, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  optimizer.update(model, grads)
  return loss


@nnx.jit
def predict_one(model, image):
  # the model was never switched with model.eval(): BatchNorm still uses batch statistics
  return jnp.argmax(model(image))


images = jnp.ones((4, 8, 8, 3))
labels = jnp.zeros((4,), jnp.int32)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
predict_one.trace(model, images[0]).lower(lowering_platforms=('cuda',))

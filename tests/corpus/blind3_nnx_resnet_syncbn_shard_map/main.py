import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from nets.resnet import TinyResNet

mesh = Mesh(jax.devices(), ('data',))
model = TinyResNet(10, bn_axis_name='data', rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, images, labels):
  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


images = jnp.zeros((8, 8, 8, 3))
labels = jnp.zeros((8,), jnp.int32)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('tpu',))

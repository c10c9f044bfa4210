import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from nets.resnet import TinyResNet

mesh = Mesh(jax.devices(), ('data',))
model = TinyResNet(10, bn_axis_name='data', rngs=nnx.Rngs(0))
model.eval()


def compute_metrics(logits, labels):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  accuracy = (logits.argmax(-1) == labels).mean()
  return {'loss': loss, 'accuracy': accuracy}


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
def eval_step(model, images, labels):
  logits = model(images)
  return compute_metrics(logits, labels)


images = jnp.zeros((8, 8, 8, 3))
labels = jnp.zeros((8,), jnp.int32)
eval_step.trace(model, images, labels).lower(lowering_platforms=('tpu',))

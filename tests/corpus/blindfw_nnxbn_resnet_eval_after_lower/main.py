"""Evaluating the ResNet: model.eval() (which switches every BatchNorm to its running averages)
is called only after the jitted eval step has been lowered (no shard_map, GSPMD batch)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from resnet import ResNet

mesh = Mesh(jax.devices(), ('batch',))
model = ResNet(2, 16, 10, rngs=nnx.Rngs(0))


@nnx.jit
def eval_step(model, images, labels):
  logits = model(images)
  return {'accuracy': jnp.mean(jnp.argmax(logits, -1) == labels)}


images = jax.device_put(jnp.ones((16, 8, 8, 3)), NamedSharding(mesh, P('batch')))
labels = jax.device_put(jnp.zeros((16,), jnp.int32), NamedSharding(mesh, P('batch')))
lowered = eval_step.trace(model, images, labels).lower(lowering_platforms=("cuda",))
model.eval()

"""Single-host evaluation of a checkpoint trained with pmap: no device axis is bound here,
and none is needed, since BatchNorm reads its running statistics instead of the batch's."""
import jax
import jax.numpy as jnp

from resnet import ResNet

model = ResNet()
images = jnp.zeros((8, 16, 16, 3))
variables = model.init(jax.random.key(0), images, train=False)


@jax.jit
def eval_step(variables, images, labels):
  logits = model.apply(variables, images, train=False)
  return {'accuracy': jnp.mean(jnp.argmax(logits, -1) == labels)}


eval_step.trace(variables, images, jnp.zeros((8,), jnp.int32)).lower(lowering_platforms=("cuda",))

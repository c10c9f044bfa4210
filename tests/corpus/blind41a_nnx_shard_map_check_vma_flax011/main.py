import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class CNN(nnx.Module):
  def __init__(self, rngs):
    self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.head = nnx.Linear(8, 10, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.conv(x)).mean(axis=(1, 2))
    return self.head(h)


@nnx.jit
def eval_step(model, images, labels):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P(), check_vma=False)
  def count_correct(model, images, labels):
    preds = model(images).argmax(-1)
    return jax.lax.psum(jnp.sum(preds == labels), 'data')

  return count_correct(model, images, labels)


model = CNN(nnx.Rngs(0))
imgs = jnp.ones((16, 28, 28, 1))
labels = jnp.zeros((16,), jnp.int32)
eval_step.trace(model, imgs, labels).lower(lowering_platforms=('cuda',))
print('ok')

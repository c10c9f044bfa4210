import jax.numpy as jnp
from flax import nnx

AXIS = "batch"


class ConvNet(nnx.Module):
  def __init__(self, rngs):
    self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
    self.bn = nnx.BatchNorm(8, axis_name=AXIS, rngs=rngs)
    self.out = nnx.Linear(8, 10, rngs=rngs)

  def __call__(self, img):
    h = nnx.relu(self.bn(self.conv(img)))
    return self.out(h.mean(axis=(0, 1)))


def per_example(model, img):
  return model(img[None])[0]


batched = nnx.vmap(per_example, in_axes=(None, 0), out_axes=0, axis_name=AXIS)


@nnx.jit
def logits_fn(model, images):
  return batched(model, images)


net = ConvNet(nnx.Rngs(0))
net.train()
imgs = jnp.ones((4, 16, 16, 3))
logits_fn.trace(net, imgs).lower(lowering_platforms=("cuda",))

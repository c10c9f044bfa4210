import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from model import TP_AXIS, make_stack


class Decoder(nnx.Module):
  def __init__(self, rngs):
    self.layers = make_stack(4, 128, 512, rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    @nnx.remat
    def run(layer, h):
      return layer(h)

    return run(self.layers, x)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", TP_AXIS))
  with jax.set_mesh(mesh):
    model = Decoder(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
    x = jnp.ones((8, 128))
    train_step.trace(model, optimizer, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

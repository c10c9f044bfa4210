import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from nnxdp.model import CNN
from nnxdp.steps import AXIS, make_train_step


def main():
  mesh = Mesh(jax.devices(), (AXIS,))
  model = CNN(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
  train_step = make_train_step(mesh)
  images = jnp.zeros((32, 28, 28, 1))
  labels = jnp.zeros((32,), jnp.int32)
  graphdef, state = nnx.split((model, optimizer))

  def pure(state, images, labels):
    model, optimizer = nnx.merge(graphdef, state)
    loss = train_step(model, optimizer, images, labels)
    return nnx.state((model, optimizer)), loss

  lowered = jax.jit(pure).trace(state, images, labels).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()

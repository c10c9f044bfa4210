import jax
import jax.numpy as jnp
import optax
from flax import nnx

from nets.stack import MLPStack


def main():
  model = MLPStack(512, num_layers=6, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

  @nnx.jit
  def train_step(model, optimizer, x, y):

    def loss_fn(model):
      pred = model(x)
      return jnp.mean((pred.astype(jnp.float32) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  x = jnp.ones((32, 512), jnp.float32)
  y = jnp.zeros((32, 512), jnp.float32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CenteredEncoder(nnx.Module):
  """Per-example encoder whose hidden activations are centred over the vmapped batch."""
  batch_axis = 'batch'

  def __init__(self, din, dh, *, rngs):
    self.proj = nnx.Linear(din, dh, rngs=rngs)
    self.out = nnx.Linear(dh, 1, rngs=rngs)

  def __call__(self, x):
    h = nnx.tanh(self.proj(x))
    h = h - lax.pmean(h, self.batch_axis)
    return self.out(h)[0]


def per_example_loss(model, x, y):
  return (model(x) - y) ** 2


@nnx.jit
def train_loss_and_grad(model, xs, ys):
  def loss(model):
    losses = nnx.vmap(per_example_loss, in_axes=(None, 0, 0),
                      axis_name=CenteredEncoder.batch_axis)(model, xs, ys)
    return losses.mean()
  return nnx.value_and_grad(loss)(model)


def main():
  model = CenteredEncoder(6, 12, rngs=nnx.Rngs(1))
  xs = jnp.ones((8, 6))
  ys = jnp.zeros((8,))
  train_loss_and_grad.trace(model, xs, ys).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from model.blocks import Model


@nnx.jit
def train_step(model, optimizer, batch):
  def loss_fn(model):
    logits = model(batch['x'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((4,), ('model',), axis_types=(AxisType.Auto,))
  with jax.set_mesh(mesh):
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    batch = {'x': jnp.ones((16, 8)), 'y': jnp.zeros((16,), jnp.int32)}
    train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
  print('ok')


if __name__ == '__main__':
  main()

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from rnn import RNN


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'),
                       axis_types=(AxisType.Explicit, AxisType.Explicit))
  with jax.set_mesh(mesh):
    model = RNN(32, 128, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)

  @nnx.jit
  def train_step(model, optimizer, xs, y):

    def loss_fn(model):
      return jnp.mean((model(xs)[:, 0] - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  xs = jax.ShapeDtypeStruct((16, 8, 32), jnp.float32,
                            sharding=NamedSharding(mesh, P(None, 'data', None)))
  y = jax.ShapeDtypeStruct((8,), jnp.float32, sharding=NamedSharding(mesh, P('data')))
  with jax.set_mesh(mesh):
    train_step.trace(model, optimizer, xs, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()

"""Tensor-parallel MLP stack on an Explicit-axes mesh (JAX explicit sharding + Flax NNX eager sharding)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import FeedForward


class Model(nnx.Module):
  def __init__(self, d_model=256, d_ff=1024, depth=3, *, rngs):
    self.blocks = nnx.List([FeedForward(d_model, d_ff, rngs=rngs) for _ in range(depth)])
    self.out = nnx.Linear(d_model, 1, rngs=rngs)

  def __call__(self, x):
    for blk in self.blocks:
      x = blk(x)
    return self.out(x)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
  with jax.set_mesh(mesh):
    model = Model(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    x = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=NamedSharding(mesh, P('data', None)))
    y = jax.ShapeDtypeStruct((64, 1), jnp.float32, sharding=NamedSharding(mesh, P('data', None)))
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()

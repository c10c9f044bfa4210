"""Data-parallel NNX train step under jax.shard_map: remat'd residual blocks,
nnx.Optimizer(model, tx, wrt=nnx.Param), gradients all-reduced with pmean."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


class ResBlock(nnx.Module):

  def __init__(self, d, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.gelu(self.fc1(self.norm(x))))


class Net(nnx.Module):

  def __init__(self, d, depth, n_out, rngs):
    self.blocks = nnx.List([ResBlock(d, rngs) for _ in range(depth)])
    self.head = nnx.Linear(d, n_out, rngs=rngs)

  def __call__(self, x):
    for block in self.blocks:
      x = nnx.remat(lambda b, h: b(h))(block, x)
    return self.head(x)


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


model = Net(128, 3, 10, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
         out_specs=(P(), P()))
def train_step(state, x, y):
  model, optimizer = nnx.merge(graphdef, state)
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return nnx.state((model, optimizer)), jax.lax.pmean(loss, 'data')


def main():
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  y = jax.ShapeDtypeStruct((64,), jnp.int32)
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import argparse

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from parallel import data_specs, maybe_shard_map


class Model(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument('--num-devices', type=int, default=1)
  args = parser.parse_args()
  mesh = None
  if args.num_devices > 1:
    mesh = Mesh(np.array(jax.devices()[:args.num_devices]), ('data',))

  model = Model(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  graphdef, state = nnx.split((model, optimizer))

  def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    grads = jax.lax.pmean(grads, 'data')
    optimizer.update(model, grads)
    return nnx.state((model, optimizer)), jax.lax.pmean(loss, 'data')

  step = jax.jit(maybe_shard_map(train_step, mesh, data_specs(2), (P(), P())))
  x = jnp.ones((16, 8))
  y = jnp.ones((16, 1))
  step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

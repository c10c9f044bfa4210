import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'batch'


def global_mean(x, axis_name=AXIS):
  return jax.lax.pmean(jnp.mean(x), axis_name)


class Net(nnx.Module):

  def __init__(self, rngs):
    self.lin = nnx.Linear(8, 1, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


def main():
  global AXIS
  AXIS = 'data'
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  graphdef, params = nnx.split(Net(nnx.Rngs(0)))

  def loss(params, x, y):
    pred = nnx.merge(graphdef, params)(x)
    return global_mean((pred - y) ** 2)

  f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P()))
  f.trace(params, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

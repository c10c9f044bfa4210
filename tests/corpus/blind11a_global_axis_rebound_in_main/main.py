import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'batch'


class Net(nn.Module):

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(32)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name=AXIS)(x)
    return nn.Dense(2)(nn.relu(x))


def forward(variables, x):
  y, updates = Net().apply(variables, x, mutable=['batch_stats'])
  return jax.lax.pmean(jnp.mean(y ** 2), AXIS), updates


def main():
  global AXIS
  AXIS = 'data'
  mesh = Mesh(np.array(jax.devices()), ('data',))
  variables = Net().init(jax.random.key(0), jnp.ones((2, 8)), train=False)
  step = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('data')),
                               out_specs=(P(), P())))
  step.trace(variables, jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

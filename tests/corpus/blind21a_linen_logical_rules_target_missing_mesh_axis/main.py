import functools
from typing import Callable, Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
  depth: int
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param('W2',
                    nn.with_logical_partitioning(self.dense_init, ('hidden', 'embed')),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = nn.with_logical_constraint(z, ('batch', 'embed'))
    return z, None


class LogicalMLP(nn.Module):
  num_layers: int
  depth: int
  use_scan: bool

  @nn.compact
  def __call__(self, x):
    if self.use_scan:
      x, _ = nn.scan(DotReluDot, length=self.num_layers,
                     variable_axes={'params': 0},
                     split_rngs={'params': True},
                     metadata_params={nn.PARTITION_NAME: None})(self.depth)(x)
    else:
      for _ in range(self.num_layers):
        x, _ = DotReluDot(self.depth)(x)
    return x


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


def main():
  from partitioning import LOGICAL_AXIS_RULES as rules
  mesh = Mesh(devices=np.array(jax.devices()).reshape(2, 2), axis_names=('data', 'model'))
  model = LogicalMLP(num_layers=2, depth=256, use_scan=False)
  optimizer = optax.adam(learning_rate=0.001)
  x_sharding = NamedSharding(mesh, PartitionSpec('data', None))
  x = jax.device_put(jnp.ones((8, 128)), x_sharding)
  k = jax.random.key(0)
  init = functools.partial(init_fn, model=model, optimizer=optimizer)
  abstract_state = jax.eval_shape(init, k, x)
  state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_state), mesh, rules)
  with mesh, nn.logical_axis_rules(rules):
    jax.jit(init, out_shardings=state_sharding).trace(k, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

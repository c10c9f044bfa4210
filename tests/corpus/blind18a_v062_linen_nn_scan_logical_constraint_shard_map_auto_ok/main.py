from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

RULES = (('activation_batch', None), ('mlp', 'model'), ('embed', None))


class Layer(nn.Module):
  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(64, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.relu(h), ('activation_batch', 'mlp'))
    x = x + nn.Dense(16, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    return x, None


class Stack(nn.Module):
  @nn.compact
  def __call__(self, x):
    ScanLayer = nn.scan(Layer, variable_axes={'params': 0}, split_rngs={'params': True},
                        length=3, metadata_params={nn.PARTITION_NAME: 'layers'})
    x, _ = ScanLayer()(x, None)
    return x


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Stack()
x = jnp.ones((8, 16))
params = nn.unbox(model.init(jax.random.key(0), x))

with mesh, nn.logical_axis_rules(RULES):
  @partial(shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P(),
           auto=frozenset({'model'}))
  def loss(params, x):
    return jax.lax.pmean(jnp.mean(model.apply(params, x) ** 2), 'data')

  jax.jit(loss).trace(params, x).lower(lowering_platforms=('cuda',))

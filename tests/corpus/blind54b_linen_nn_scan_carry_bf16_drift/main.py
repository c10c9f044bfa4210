import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class ResBlock(nn.Module):
  width: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, carry, _):
    x = carry.astype(self.dtype)
    h = nn.LayerNorm(dtype=self.dtype)(x)
    h = nn.Dense(4 * self.width, dtype=self.dtype,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')))(h)
    h = nn.gelu(h)
    h = nn.Dense(self.width, dtype=self.dtype,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    return x + h, None


class Tower(nn.Module):
  width: int
  depth: int

  def setup(self):
    self.embed = nn.Dense(self.width)
    self.blocks = nn.scan(ResBlock, variable_axes={'params': 0}, split_rngs={'params': True},
                          length=self.depth, metadata_params={nn.PARTITION_NAME: 'layers'})(self.width)

  def __call__(self, x):
    y, _ = self.blocks(self.embed(x), None)
    return y


rules = [('embed', None), ('mlp', 'model'), ('layers', None)]
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
tower = Tower(width=512, depth=8)

with mesh, nn.logical_axis_rules(rules):
  x = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P('data')))
  init = jax.jit(functools.partial(tower.init, jax.random.key(0)))
  init.trace(x).lower(lowering_platforms=('tpu',))

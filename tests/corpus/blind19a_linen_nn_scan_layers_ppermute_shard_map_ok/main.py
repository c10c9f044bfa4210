import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, carry, _):
    n = lax.axis_size('seq')
    shifted = lax.ppermute(carry, 'seq', [(j, (j + 1) % n) for j in range(n)])
    carry = carry + nn.Dense(self.dim)(nn.LayerNorm()(shifted))
    return carry, None


class Stack(nn.Module):
  dim: int = 32
  depth: int = 3

  @nn.compact
  def __call__(self, x):
    ScanBlock = nn.scan(Block, variable_axes={'params': 0}, split_rngs={'params': True},
                        length=self.depth)
    x, _ = ScanBlock(self.dim)(x, None)
    return x


mesh = Mesh(np.array(jax.devices()), ('seq',))
model = Stack()
x = jnp.ones((2, 64, 32))


def init_fn(key, x):
  return jax.shard_map(lambda x: model.init(key, x), mesh=mesh, in_specs=P(None, 'seq'),
                       out_specs=P())(x)


params = jax.eval_shape(init_fn, jax.random.key(0), x)
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P(None, 'seq')),
                            out_specs=P(None, 'seq')))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))

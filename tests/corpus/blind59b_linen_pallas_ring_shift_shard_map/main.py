import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import right_permute


class ShiftMix(nn.Module):
  """Mixes each shard's activations with its left neighbour's (ring shift)."""
  features: int

  @nn.compact
  def __call__(self, x):
    neighbour = right_permute(x)
    gate = nn.sigmoid(self.param('gate', nn.initializers.zeros, (self.features,)))
    return nn.Dense(self.features)(x + gate * neighbour)


mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))
model = ShiftMix(256)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'),
                   check_vma=False)
def forward(params, x):
  return model.apply({'params': params}, x)


# the kernel needs the 'x' axis bound, so init runs under the same shard_map
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('x')), out_specs=P(),
                   check_vma=False)
def init(rng, x):
  return model.init(rng, x)['params']


if __name__ == '__main__':
  params = jax.eval_shape(init, jax.random.key(0), jnp.ones((32, 256)))
  x = jax.ShapeDtypeStruct((32, 256), jnp.float32, sharding=NamedSharding(mesh, P('x')))
  forward.trace(params, x).lower(lowering_platforms=('tpu',))

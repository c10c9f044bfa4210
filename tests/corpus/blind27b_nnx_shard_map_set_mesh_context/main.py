from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(jax.sharding.AxisType.Explicit,) * 2)


class Proj(nnx.Module):
  def __init__(self, rngs):
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (8, 4)))

  def __call__(self, x):
    return x @ self.kernel[...]


graphdef, state = nnx.split(Proj(nnx.Rngs(0)))


@partial(jax.shard_map, in_specs=(P('model', None), P('data', 'model')), out_specs=P('data'))
def forward(kernel_block, x_block):
  partial_out = x_block @ kernel_block
  return jax.lax.psum(partial_out, 'model')


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((8, 8)), P('data', 'model'))
  kernel = jax.device_put(state['kernel'][...], P('model', None))
  f = jax.jit(forward)
  print(f.trace(kernel, x).lower(lowering_platforms=('cuda',)).as_text()[:20])

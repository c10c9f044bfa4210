import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

TP = 'model'


class SeqParallelMLP(nn.Module):
  """Megatron sequence parallelism: all_gather the sequence before the column
  projection, reduce-scatter it back after the row projection."""
  d_ff_local: int

  @nn.compact
  def __call__(self, x):  # x: (batch, seq/TP, d)
    x_full = jax.lax.all_gather(x, TP, axis=1, tiled=True)
    h = nn.Dense(self.d_ff_local, use_bias=False, name='wi')(x_full)
    h = nn.gelu(h)
    y = nn.Dense(x.shape[-1], use_bias=False, name='wo')(h)
    return jax.lax.psum_scatter(y, TP, scatter_dimension=1, tiled=True)


class Block(nn.Module):
  d_ff_local: int

  @nn.compact
  def __call__(self, x):
    return x + SeqParallelMLP(self.d_ff_local)(nn.LayerNorm()(x))


mesh = Mesh(np.array(jax.devices()), (TP,))
block = Block(d_ff_local=64)
x = jnp.ones((2, 32, 48))
f32 = lambda *shape: jax.ShapeDtypeStruct(shape, jnp.float32)
params = {
    'LayerNorm_0': {'scale': f32(48), 'bias': f32(48)},
    'SeqParallelMLP_0': {'wi': {'kernel': f32(48, 64 * 4)}, 'wo': {'kernel': f32(64 * 4, 48)}},
}
specs = jax.tree_util.tree_map(lambda _: P(), params)
specs['SeqParallelMLP_0']['wi']['kernel'] = P(None, TP)
specs['SeqParallelMLP_0']['wo']['kernel'] = P(TP, None)


@jax.jit
@functools.partial(shard_map, mesh=mesh, in_specs=(specs, P(None, TP)),
                   out_specs=P(None, TP))
def forward(params, x):
  return block.apply({'params': params}, x)


forward.trace(params, x).lower(lowering_platforms=('cuda',))

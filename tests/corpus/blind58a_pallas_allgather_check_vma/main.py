import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from gather_kernel import all_gather_kernel


class GatherLayer:
  """Gathers row shards of activations over the ring, then projects them."""

  def __init__(self, mesh, axis_name='x'):
    self.mesh = mesh
    self.axis_name = axis_name
    self.n = mesh.shape[axis_name]

  def _gather(self, x_block):
    kernel = functools.partial(all_gather_kernel, axis_name=self.axis_name,
                               num_devices=self.n)
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((self.n, *x_block.shape), x_block.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2
            + [pltpu.SemaphoreType.DMA((self.n - 1,))],
            grid=(self.n - 1,),
        ),
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )(x_block)

  def __call__(self, x, w):
    gather = jax.shard_map(self._gather, mesh=self.mesh,
                           in_specs=P(self.axis_name, None),
                           out_specs=P(self.axis_name, None))
    gathered = gather(x)
    return gathered.reshape(-1, x.shape[-1]) @ w


def main():
  mesh = Mesh(np.array(jax.devices()), ('x',))
  layer = GatherLayer(mesh)
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh, P('x', None)))
  w = jax.ShapeDtypeStruct((128, 128), jnp.float32, sharding=NamedSharding(mesh, P()))
  jax.jit(layer.__call__).trace(x, w).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()

from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from kernels import halo_exchange


class SeqParallelConv(nn.Module):
  """Depthwise 3-tap conv over a sequence sharded along `axis`."""
  mesh: Mesh
  axis: str = "seq"
  halo: int = 8

  @nn.compact
  def __call__(self, x):
    taps = self.param("taps", nn.initializers.normal(0.02), (3, x.shape[-1]))
    n = self.mesh.shape[self.axis]

    @partial(jax.shard_map, mesh=self.mesh, in_specs=(P(self.axis), P()),
             out_specs=P(self.axis), check_vma=False)
    def local_conv(x_local, w):
      left_halo, right_halo = halo_exchange(
          x_local, halo=self.halo, num_devices=n, axis_name=self.axis)
      padded = jnp.concatenate([left_halo[-1:], x_local, right_halo[:1]], axis=0)
      return w[0] * padded[:-2] + w[1] * padded[1:-1] + w[2] * padded[2:]

    return local_conv(x, taps)


class Block(nn.Module):
  mesh: Mesh

  @nn.compact
  def __call__(self, x):
    h = SeqParallelConv(self.mesh, name="conv")(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.silu(h))

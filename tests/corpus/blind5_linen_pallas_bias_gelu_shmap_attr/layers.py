from typing import Any

import flax.linen as nn
import jax
from jax.sharding import Mesh, PartitionSpec as P

import ops


class FusedMLP(nn.Module):
  hidden: int
  out: int
  mesh: Mesh
  data_axis: str = 'data'
  model_axis: str = 'model'

  def setup(self):
    init = nn.initializers.lecun_normal()
    self.w1 = self.param('w1', nn.with_partitioning(init, (None, self.model_axis)), (128, self.hidden))
    self.b1 = self.param('b1', nn.with_partitioning(nn.initializers.zeros_init(), (self.model_axis,)),
                         (self.hidden,))
    self.proj = nn.Dense(self.out, kernel_init=nn.with_partitioning(init, (self.model_axis, None)))

  def activation(self, h, b):
    fused = jax.shard_map(
        ops.bias_gelu,
        mesh=self.mesh,
        in_specs=(P(self.data_axis, self.model_axis), P(self.model_axis)),
        out_specs=P(self.data_axis, self.model_axis),
        check_vma=False,
    )
    return fused(h, b)

  def __call__(self, x):
    h = self.activation(x @ self.w1, self.b1)
    return self.proj(h)

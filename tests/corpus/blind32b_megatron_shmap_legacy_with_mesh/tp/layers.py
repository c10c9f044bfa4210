"""Megatron-style tensor-parallel MLP: column-parallel up projection, row-parallel down + psum."""
from functools import partial

import jax
import flax.linen as nn
from jax.sharding import PartitionSpec as P

TP = 'tensor'


class ParallelMLP(nn.Module):
  d_model: int
  d_ff_per_shard: int
  axis_name: str | None = TP

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.d_ff_per_shard, name='wi')(x)
    h = nn.gelu(h)
    y = nn.Dense(self.d_model, use_bias=False, name='wo')(h)
    if self.axis_name is None:  # unsharded (initialisation)
      return y
    return jax.lax.psum(y, self.axis_name)


def make_forward(module):
  @partial(jax.shard_map,
           in_specs=({'params': {'wi': {'kernel': P(None, TP), 'bias': P(TP)},
                                 'wo': {'kernel': P(TP, None)}}}, P()),
           out_specs=P())
  def forward(variables, x):
    return module.apply(variables, x)
  return forward

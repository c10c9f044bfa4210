"""GPipe-style pipeline over a 'stage' mesh axis, run inside shard_map.

Every scan iteration each stage applies its layers to the activation it holds and
passes the result to the next stage with a collective permute.
"""
from flax import linen as nn
import jax.numpy as jnp
from jax.lax import axis_index, pcast, ppermute
from jax.lax import psum as allreduce

from pipeline.stage import MLPStage


class PipelineTick(nn.Module):
  features: int
  num_stages: int
  axis_name: str = 'stage'

  @nn.compact
  def __call__(self, state, x_t):
    stage = axis_index(self.axis_name)
    state = jnp.where(stage == 0, x_t, state)  # stage 0 takes in a fresh microbatch
    out = MLPStage(self.features, name='layers')(state)
    shift = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]
    return ppermute(out, self.axis_name, shift), out


class GPipe(nn.Module):
  features: int
  num_stages: int
  axis_name: str = 'stage'

  @nn.compact
  def __call__(self, microbatches):
    n_micro, mb, d = microbatches.shape
    ticks = n_micro + self.num_stages - 1
    inputs = jnp.concatenate(
        [microbatches, jnp.zeros((ticks - n_micro, mb, d), microbatches.dtype)], axis=0)
    scan = nn.scan(PipelineTick, variable_broadcast='params', split_rngs={'params': False},
                   in_axes=0, out_axes=0, length=ticks)
    # the carried activation differs per stage, so mark it as device-varying
    state0 = pcast(jnp.zeros((mb, d), microbatches.dtype), self.axis_name, to='varying')
    _, outs = scan(self.features, self.num_stages, self.axis_name, name='tick')(state0, inputs)
    last = axis_index(self.axis_name) == self.num_stages - 1
    outs = jnp.where(last, outs[self.num_stages - 1:], 0.0)
    return allreduce(outs, self.axis_name)  # broadcast the last stage's results

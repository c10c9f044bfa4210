"""Microbatched pipeline: a Linen stage hands activations forward with send/recv; TPU target."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
import flax.linen as nn


class PipelineStage(nn.Module):
  features: int
  num_stages: int
  axis_name: str = 'pipe'

  def setup(self):
    self.ln = nn.LayerNorm()
    self.mlp = nn.Dense(self.features)

  def compute(self, x):
    return x + nn.gelu(self.mlp(self.ln(x)))

  def __call__(self, x):
    y = self.compute(x)
    pairs = [(s, s + 1) for s in range(self.num_stages - 1)]
    token = lax.psend(y, self.axis_name, pairs)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis_name, pairs)


stages = 4
mesh = jax.make_mesh((stages,), ('pipe',), axis_types=(jax.sharding.AxisType.Auto,))
stage = PipelineStage(features=128, num_stages=stages)
params = stage.init(jax.random.PRNGKey(0), jnp.ones((4, 128)), method=PipelineStage.compute)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('pipe')), out_specs=P('pipe'))
def tick(params, microbatches):
  return stage.apply(params, microbatches)


out = tick.trace(params, jnp.ones((16, 128))).lower(lowering_platforms=('tpu',))
print(out.as_text()[:10])

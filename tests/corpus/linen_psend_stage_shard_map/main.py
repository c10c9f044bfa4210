"""A Linen pipeline stage handing its activations to the next stage with psend/precv;
stage.apply runs under jax.shard_map over 'stage'."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
mesh = Mesh(jax.devices()[:STAGES], ('stage',))
TO_NEXT = [(s, s + 1) for s in range(STAGES - 1)]


class PipelineStage(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.features)(x))
    token = jax.lax.psend(h, 'stage', TO_NEXT)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', TO_NEXT)


stage = PipelineStage(64)
params = {'params': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((64, 64), jnp.float32),
                                 'bias': jax.ShapeDtypeStruct((64,), jnp.float32)}}}
x = jnp.ones((STAGES * 8, 64))


step = jax.jit(jax.shard_map(stage.apply, mesh=mesh, in_specs=(P(), P('stage')), out_specs=P('stage')))
step.trace(params, x).lower(lowering_platforms=("cuda",))

"""A Linen pipeline: nn.scan over microbatches, each tick handing activations to the next stage
with psend/precv, applied under jax.shard_map over 'stage'."""
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


class Pipeline(nn.Module):
  @nn.compact
  def __call__(self, microbatches):
    def tick(stage, carry, mb):
      out = stage(carry + mb)
      return out, out
    scan = nn.scan(tick, variable_broadcast='params', split_rngs={'params': False})
    _, outs = scan(PipelineStage(64), jnp.zeros_like(microbatches[0]), microbatches)
    return outs


pipe = Pipeline()
pparams = {'params': {'PipelineStage_0': params['params']}}
step = jax.jit(jax.shard_map(pipe.apply, mesh=mesh, in_specs=(P(), P(None, 'stage')),
                             out_specs=P(None, 'stage'), check_vma=False))
step.trace(pparams, jnp.ones((6, STAGES * 8, 64))).lower(lowering_platforms=("cuda",))

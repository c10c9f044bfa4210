"""GPipe schedule as an nn.scan over clock ticks; activations rotate between stages with ppermute."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
MICRO = 8


class StageFn(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(self.width)(nn.tanh(nn.Dense(self.width)(x)))


class Tick(nn.Module):
  width: int

  @nn.compact
  def __call__(self, carry, mb):
    state, outputs, t = carry
    stage_id = jax.lax.axis_index('stage')
    # stage 0 injects the next microbatch
    state = jnp.where(stage_id == 0, mb, state)
    state = StageFn(self.width, name='stage')(state)
    # last stage emits; everyone passes on
    outputs = jnp.where(stage_id == STAGES - 1, outputs.at[t % MICRO].set(state), outputs)
    state = jax.lax.ppermute(state, 'stage', [(i, (i + 1) % STAGES) for i in range(STAGES)])
    return (state, outputs, t + 1), None


class Pipeline(nn.Module):
  width: int = 32

  @nn.compact
  def __call__(self, microbatches):
    scan = nn.scan(Tick, variable_broadcast='params', split_rngs={'params': False},
                   length=MICRO + STAGES - 1)
    pad = jnp.zeros((STAGES - 1,) + microbatches.shape[1:], microbatches.dtype)
    inputs = jnp.concatenate([microbatches, pad])
    state0 = jnp.zeros_like(microbatches[0])
    outputs0 = jnp.zeros_like(microbatches)
    (_, outputs, _), _ = scan(self.width, name='ticks')(
        (state0, outputs0, jnp.int32(0)), inputs)
    return outputs


mesh = Mesh(np.array(jax.devices()), ('stage',))
model = Pipeline()
x = jnp.ones((MICRO, 2, 32))


def per_stage(stage_params, x):
  stage_params = jax.tree.map(lambda p: p[0], stage_params)
  return model.apply(stage_params, x)[None]


one = StageFn(32).init(jax.random.PRNGKey(0), x[0])
stacked = jax.tree.map(lambda p: jnp.stack([p] * STAGES), one)
params = {'params': {'ticks': {'stage': stacked['params']}}}
fn = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P('stage'), P()),
                           out_specs=P('stage'), check_vma=False))
print(fn.trace(params, x).lower(lowering_platforms=('cuda',)).out_info.shape)

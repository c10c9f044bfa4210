"""Pipeline parallelism (GPipe fill-drain) for a stack of NNX layers.

The layer stack is created with nnx.vmap, so every parameter has a leading layer axis; sharding
that axis over the `stage` mesh axis gives each device `layers_per_stage` consecutive layers.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  num_stages: int = 4
  layers_per_stage: int = 2
  num_microbatches: int = 4
  stage_axis: str = 'stage'


class Layer(nnx.Module):
  def __init__(self, dim, *, rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + jax.nn.tanh(self.proj(self.norm(x)))


def create_stack(cfg: PipelineConfig, dim: int, rngs: nnx.Rngs):
  @nnx.split_rngs(splits=cfg.num_stages * cfg.layers_per_stage)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs):
    return Layer(dim, rngs=rngs)
  return create(rngs)


def _run_stage(stack, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  def step(layer, h):
    return layer(h)
  return step(stack, x)


def pipelined_forward(stack, microbatches, cfg: PipelineConfig):
  """Runs inside shard_map: `stack` holds this stage's layers, `microbatches` is replicated."""
  n = cfg.num_stages
  stage = lax.axis_index(cfg.stage_axis)
  # stage i feeds stage i + 1; the last stage's output is collected below, not sent back
  ring = [(i, i + 1) for i in range(n)]
  m = cfg.num_microbatches
  graphdef, params = nnx.split(stack)

  def tick(t, carry):
    params, state, outputs = carry
    inp = jnp.where(stage == 0, microbatches[t % m], state)
    out = _run_stage(nnx.merge(graphdef, params), inp)
    done = (stage == n - 1) & (t >= n - 1)
    outputs = outputs.at[(t - (n - 1)) % m].set(jnp.where(done, out, outputs[(t - (n - 1)) % m]))
    state = lax.ppermute(out, cfg.stage_axis, perm=ring)
    return params, state, outputs

  # the loop state differs per stage: mark the (replicated) zeros as varying over the ring
  init = (params,
          lax.pcast(jnp.zeros_like(microbatches[0]), cfg.stage_axis, to='varying'),
          lax.pcast(jnp.zeros_like(microbatches), cfg.stage_axis, to='varying'))
  _, _, outputs = lax.fori_loop(0, m + n - 1, tick, init)
  # only the last stage holds real outputs; broadcast them to every stage
  return lax.psum(jnp.where(stage == n - 1, outputs, 0.0), cfg.stage_axis)

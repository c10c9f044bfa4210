"""GPipe-style forward: 4 stacked NNX stages, activations handed stage-to-stage with
psend/precv. Stage params are stacked with nnx.vmap and sharded over the 'stage' axis."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

N_STAGES, D, MICRO = 4, 128, 8
mesh = jax.make_mesh((N_STAGES,), ('stage',), axis_types=(AxisType.Auto,))


class Stage(nnx.Module):

  def __init__(self, rngs):
    self.fc1 = nnx.Linear(D, 4 * D, rngs=rngs)
    self.fc2 = nnx.Linear(4 * D, D, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.relu(self.fc1(x)))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs):
  return Stage(rngs)


FWD = [(i, i + 1) for i in range(N_STAGES - 1)]


def hand_off(h):
  tok = lax.psend(h, 'stage', FWD)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', FWD)


def pipeline_forward(graphdef, stage_state, microbatches):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], stage_state))

  def body(i, carry):
    h, outs = carry
    h = stage(h)
    outs = outs.at[i].set(h)
    return hand_off(h), outs

  h0 = microbatches[0]
  outs = jnp.zeros_like(microbatches)
  _, outs = lax.fori_loop(0, microbatches.shape[0], body, (h0, outs))
  return outs


def main():
  stages = make_stages(nnx.Rngs(0))
  graphdef, state = nnx.split(stages)
  step = jax.jit(jax.shard_map(partial(pipeline_forward, graphdef), mesh=mesh,
                               in_specs=(P('stage'), P()), out_specs=P('stage'),
                               check_vma=False))
  x = jax.ShapeDtypeStruct((MICRO, 16, D), jnp.float32)
  # per-stage outputs come back stacked along the microbatch axis
  step.trace(state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

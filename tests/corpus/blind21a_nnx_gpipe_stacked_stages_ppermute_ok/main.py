import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
N_MICRO = 8
D = 32


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.lin(self.norm(x)))


@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(key):
  return Stage(D, nnx.Rngs(key))


stages = create_stages(jax.random.split(jax.random.key(0), N_STAGES))
graphdef, state = nnx.split(stages)
mesh = Mesh(np.array(jax.devices()), ('stage',))


def pipeline(state, microbatches):
  # state: this device's stage (leading dim 1); microbatches: (N_MICRO, mb, D), replicated
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  idx = lax.axis_index('stage')
  shift = [(i, i + 1) for i in range(N_STAGES - 1)]
  n_steps = N_MICRO + N_STAGES - 1

  def step(carry, t):
    act, outputs = carry
    inject = microbatches[jnp.minimum(t, N_MICRO - 1)]
    act = jnp.where(idx == 0, inject, act)
    act = stage(act)
    out_t = t - (N_STAGES - 1)
    done = (idx == N_STAGES - 1) & (out_t >= 0)
    outputs = outputs.at[jnp.clip(out_t, 0, N_MICRO - 1)].set(
        jnp.where(done, act, outputs[jnp.clip(out_t, 0, N_MICRO - 1)]))
    act = lax.ppermute(act, 'stage', shift)
    return (act, outputs), None

  act0 = jnp.zeros_like(microbatches[0])
  outs0 = jnp.zeros_like(microbatches)
  act0, outs0 = jax.tree.map(lambda a: lax.pcast(a, 'stage', to='varying'), (act0, outs0))
  (_, outputs), _ = lax.scan(step, (act0, outs0), jnp.arange(n_steps))
  # only the last stage holds the results
  return lax.psum(jnp.where(idx == N_STAGES - 1, outputs, 0.0), 'stage')


run = jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P()))
x = jnp.ones((N_MICRO, 4, D))
run.trace(state, x).lower(lowering_platforms=('cuda',))

"""GPipe-style forward pass over a 4-stage pipeline: each device holds one stage's weights,
micro-batches shift stage-to-stage with ppermute inside lax.scan."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("stage",))


def stage_fn(w, x):
  return jnp.tanh(x @ w)


@partial(shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"))
def pipeline_forward(w_stage, microbatches):
  # w_stage: [1, d, d]; microbatches: [n_micro, mb, d] (replicated input, fed at stage 0)
  w = w_stage[0]
  stage = lax.axis_index("stage")
  n_micro = microbatches.shape[0]
  shift = [(i, i + 1) for i in range(N_STAGES - 1)]

  def tick(carry, t):
    state, outputs = carry
    inp = jnp.where(stage == 0, microbatches[t % n_micro], state)
    out = stage_fn(w, inp)
    done = t - (N_STAGES - 1)
    outputs = lax.cond(done >= 0,
                       lambda o: lax.dynamic_update_index_in_dim(o, out, done, 0),
                       lambda o: o, outputs)
    state = lax.ppermute(out, "stage", shift)
    return (state, outputs), None

  state0 = lax.pvary(jnp.zeros_like(microbatches[0]), ("stage",))
  outputs0 = lax.pvary(jnp.zeros_like(microbatches), ("stage",))
  (_, outputs), _ = lax.scan(tick, (state0, outputs0),
                             jnp.arange(n_micro + N_STAGES - 1))
  return outputs[None]           # only the last stage's copy is meaningful


forward = jax.jit(pipeline_forward)

if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((N_STAGES, 128, 128), jnp.float32)
  mbs = jax.ShapeDtypeStruct((8, 16, 128), jnp.float32)
  forward.trace(w, mbs).lower(lowering_platforms=("tpu",))

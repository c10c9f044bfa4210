from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import PIPE, shift_right

N_STAGES = 4


def stage_forward(w, x):
    return jnp.tanh(x @ w)


def pipeline(ws, microbatches):
    # ws: (1, d, d) per stage; microbatches: (n_micro, mb, d) replicated
    w = ws[0]
    n_micro = microbatches.shape[0]
    stage = jax.lax.axis_index(PIPE)

    def body(carry, mb):
        inp = jnp.where(stage == 0, mb, carry)
        out = stage_forward(w, inp)
        nxt = shift_right(out, N_STAGES)
        return nxt, out

    init = jnp.zeros(microbatches.shape[1:], microbatches.dtype)
    _, outs = jax.lax.scan(body, init, microbatches)
    return outs[None]


mesh = Mesh(np.array(jax.devices()), (PIPE,))

run = jax.jit(
    jax.shard_map(pipeline, mesh=mesh, in_specs=(P(PIPE), P()), out_specs=P(PIPE),
                  check_vma=False))

if __name__ == "__main__":
    ws = jax.ShapeDtypeStruct((N_STAGES, 64, 64), jnp.float32)
    mbs = jax.ShapeDtypeStruct((8, 16, 64), jnp.float32)
    run.trace(ws, mbs).lower(lowering_platforms=("cuda",))

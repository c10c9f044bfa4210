import jax
import jax.numpy as jnp
from jax import lax as L

PIPE = "pipe"


def _rotate(x, n):
    return L.ppermute(x, axis_name=PIPE, perm=[(j, (j + 1) % n) for j in range(n)])


def spmd_pipeline(stage_fn, microbatches, n_stages):
    idx = L.axis_index(PIPE)
    n_mb = microbatches.shape[0]

    def step(carry, i):
        act, outs = carry
        act = jnp.where(idx == 0, microbatches[i % n_mb], act)
        act = stage_fn(act)
        outs = jnp.where(idx == n_stages - 1, outs.at[i % n_mb].set(act), outs)
        return (_rotate(act, n_stages), outs), None

    init = (jnp.zeros_like(microbatches[0]), jnp.zeros_like(microbatches))
    (_, outs), _ = L.scan(step, init, jnp.arange(n_mb + n_stages - 1))
    return outs

import jax
import jax.numpy as jnp
from jax import lax as L

from stages import stacked_stage_params

CONFIG = {"pipeline_axis": "pp", "n_stages": jax.device_count(), "width": 16, "microbatches": 3}


def forward_pass(stage, microbatches, axis, n_stages):
    perm = [(i, i + 1) for i in range(n_stages - 1)]
    stage_id = L.axis_index(axis)
    carry = jnp.zeros_like(microbatches[0])
    outs = []
    for t in range(microbatches.shape[0] + n_stages - 1):
        x = jnp.where(stage_id == 0, microbatches[min(t, microbatches.shape[0] - 1)], carry)
        y = stage(x)
        outs.append(y)
        token = L.psend(y, axis, perm)
        carry = L.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), axis, perm)
    return jnp.stack(outs[n_stages - 1:])


def run_pipeline(stage, microbatches):
    return forward_pass(stage, microbatches, CONFIG["pipeline_axis"], CONFIG["n_stages"])


params = stacked_stage_params(jax.random.PRNGKey(0), CONFIG["n_stages"], CONFIG["width"])
mbs = jnp.ones((CONFIG["n_stages"], CONFIG["microbatches"], 2, CONFIG["width"]))
pipelined = jax.pmap(run_pipeline, axis_name=CONFIG["pipeline_axis"])
jax.jit(pipelined).trace(params, mbs).lower(lowering_platforms=("cuda",))

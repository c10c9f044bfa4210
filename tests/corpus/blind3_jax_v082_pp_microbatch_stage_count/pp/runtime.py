"""Fill-drain pipeline over the 'pp' mesh axis with explicit GPU send/recv."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from .decorators import stage_program

PP_AXIS = "pp"
NUM_STAGES = 8  # one stage per GPU of a DGX node


def _next_stage_pairs(num_stages):
    return [(s, s + 1) for s in range(num_stages - 1)]


@stage_program("transformer_stage")
def _stage(w, x):
    return x + jnp.tanh(x @ w)


def build_pipeline(mesh, num_microbatches):
    num_stages = NUM_STAGES
    pairs = _next_stage_pairs(num_stages)

    def per_stage(w, mbs):
        w = w[0]
        stage_id = jax.lax.axis_index(PP_AXIS)

        def tick(t, carry):
            incoming, out = carry
            x = jnp.where(stage_id == 0, mbs[t % num_microbatches], incoming)
            y = _stage(w, x)
            out = out.at[t % num_microbatches].set(y)
            tok = jax.lax.psend(y, PP_AXIS, pairs)
            incoming = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), PP_AXIS, pairs)
            return incoming, out

        init = (jnp.zeros_like(mbs[0]), jnp.zeros_like(mbs))
        _, out = jax.lax.fori_loop(0, num_microbatches + num_stages - 1, tick, init)
        return out[None]

    return jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P(PP_AXIS), P()),
                                 out_specs=P(PP_AXIS), check_vma=False))

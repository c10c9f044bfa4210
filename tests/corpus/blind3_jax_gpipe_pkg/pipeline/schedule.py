"""GPipe schedule: on every tick each stage runs its block on one microbatch and hands the
activation to the next stage with psend/precv."""
import jax
import jax.numpy as jnp
from jax import lax as L

from . import config
from .stage import stage_apply


def _forward_perm(num_stages):
    # stage i feeds stage i + 1; the last stage sends nothing, so the pairs form no cycle
    return [(i, i + 1) for i in range(num_stages - 1)]


def _shift_to_next_stage(x, perm):
    with jax.named_scope("pp_send"):
        token = L.psend(x, config.STAGE_AXIS, perm)
    with jax.named_scope("pp_recv"):
        return L.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), config.STAGE_AXIS, perm)


def gpipe_forward(stage_params, microbatches, *, num_stages):
    """stage_params: this stage's slice of the stacked weights; microbatches: (M, B, D), replicated."""
    params = jax.tree.map(lambda p: p[0], stage_params)
    stage = L.axis_index(config.STAGE_AXIS)
    num_mb = microbatches.shape[0]
    perm = _forward_perm(num_stages)

    def tick(carry, t):
        state, outputs = carry
        inp = jnp.where(stage == 0, microbatches[jnp.minimum(t, num_mb - 1)], state)
        out = stage_apply(params, inp)
        done = t - (num_stages - 1)
        outputs = jnp.where((stage == num_stages - 1) & (done >= 0),
                            outputs.at[jnp.maximum(done, 0)].set(out), outputs)
        state = _shift_to_next_stage(out, perm)
        return (state, outputs), None

    init = (jnp.zeros_like(microbatches[0]), jnp.zeros_like(microbatches))
    (_, outputs), _ = L.scan(tick, init, jnp.arange(num_mb + num_stages - 1))
    # only the last stage holds real outputs: broadcast them to every stage
    return L.psum(jnp.where(stage == num_stages - 1, outputs, 0.0), config.STAGE_AXIS)

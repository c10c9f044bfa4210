import jax
import jax.numpy as jnp
from jax import lax as L

AXIS = "stage"


def shift_to_next(h, n_stages):
    perm = [(i, (i + 1) % n_stages) for i in range(n_stages)]
    return L.ppermute(h, AXIS, perm)


def gpipe(stage_fn, microbatches, n_stages):
    idx = L.axis_index(AXIS)
    n_micro = microbatches.shape[0]
    # the carry varies over the stage axis once the first stage has run
    state = L.pcast(jnp.zeros_like(microbatches[0]), AXIS, to="varying")
    outputs = L.pcast(jnp.zeros_like(microbatches), AXIS, to="varying")

    def body(t, carry):
        state, outputs = carry
        inp = microbatches[jnp.minimum(t, n_micro - 1)]
        state = jnp.where(idx == 0, inp, state)
        state = stage_fn(state)
        out_t = t - (n_stages - 1)
        done = jnp.where((idx == n_stages - 1) & (out_t >= 0), state, 0.0)
        outputs = outputs.at[jnp.clip(out_t, 0, n_micro - 1)].add(done)
        state = shift_to_next(state, n_stages)
        return state, outputs

    _, outputs = L.fori_loop(0, n_micro + n_stages - 1, body, (state, outputs))
    return L.psum(outputs, AXIS)

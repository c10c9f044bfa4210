import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = "ensemble"


def consensus_rounds(model, x, rounds, mix=0.5):
    def body(i, h):
        h = jnp.tanh(model(h))
        h_bar = jax.lax.pmean(h, ENSEMBLE_AXIS)
        return mix * h + (1 - mix) * h_bar

    return jax.lax.fori_loop(0, rounds, body, x)

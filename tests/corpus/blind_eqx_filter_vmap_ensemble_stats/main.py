"""An ensemble of Equinox MLPs built with eqx.filter_vmap; the ensemble forward pass normalises
each member's logits by the ensemble mean (pmean over the filter_vmap axis_name)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

N = 8


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(16, 4, 32, 2, key=key)


ensemble = make_ensemble(jr.split(jr.key(0), N))


@eqx.filter_jit
def forward(ensemble, x):
    @eqx.filter_vmap(in_axes=(eqx.if_array(0), None), axis_name="member")
    def one(model, x):
        logits = jax.vmap(model)(x)
        return logits - jax.lax.pmean(logits, "member")
    return one(ensemble, x)


forward.lower(ensemble, jnp.ones((10, 16)))

"""Ensemble of 4 small MLPs; each member also sees its neighbour's prediction (a ring)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

ENSEMBLE = 4


def make_member(key):
    return eqx.nn.MLP(8, 8, width_size=32, depth=2, key=key)


keys = jr.split(jr.key(0), ENSEMBLE)
ensemble = eqx.filter_vmap(make_member)(keys)


def neighbour_mix(y, axis_name="member"):
    return 0.5 * (y + jax.lax.ppermute(y, axis_name, [(i, (i + 1) % ENSEMBLE) for i in range(ENSEMBLE)]))


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None), axis_name="member")
def ensemble_forward(member, x):
    return neighbour_mix(jax.vmap(member)(x))


@eqx.filter_jit
def predict(ensemble, x):
    return ensemble_forward(ensemble, x)


params, static = eqx.partition(ensemble, eqx.is_array)
x = jnp.ones((16, 8))
lowered = jax.jit(lambda p, x: predict(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=("cuda",)
)
print(lowered.as_text()[:80])

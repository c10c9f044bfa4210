"""An Equinox ensemble whose forward pass is an @eqx.filter_vmap(in_axes=..., axis_name=
"member") decorated function."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Member(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, key):
        self.linear = eqx.nn.Linear(16, 4, key=key)

    def __call__(self, x):
        logits = jax.vmap(self.linear)(x)
        # Every member is scored against the ensemble's mean prediction.
        return logits - jax.lax.pmean(logits, "member")


@eqx.filter_vmap
def make_ensemble(key):
    return Member(key)


ensemble = make_ensemble(jr.split(jr.PRNGKey(0), 4))
x = jnp.ones((8, 16))


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None), axis_name="member")
def forward(member, x):
    return member(x)


eqx.filter_jit(forward).lower(ensemble, x)

"""An Equinox ensemble built and run with eqx.filter_vmap (no axis_name); each member
pmean-s over "member"."""
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


@eqx.filter_jit
def forward(ensemble, x):
    return eqx.filter_vmap(lambda m, x: m(x), in_axes=(eqx.if_array(0), None))(ensemble, x)


forward.lower(ensemble, x)

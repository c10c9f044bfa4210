"""Per-device dropout keys under eqx.filter_jit: the shared key is folded with
axis_index("devices") before the eqx.nn.Dropout call."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Noisy(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout

    def __init__(self, key):
        self.linear = eqx.nn.Linear(8, 8, key=key)
        self.dropout = eqx.nn.Dropout(0.5)

    def __call__(self, x, key):
        return self.dropout(self.linear(x), key=key)


@eqx.filter_jit
def forward(model, x, key):
    key = jr.fold_in(key, jax.lax.axis_index("devices"))
    keys = jr.split(key, x.shape[0])
    return jax.vmap(model)(x, keys)


forward.lower(Noisy(jr.PRNGKey(0)), jnp.ones((16, 8)), jr.PRNGKey(1))

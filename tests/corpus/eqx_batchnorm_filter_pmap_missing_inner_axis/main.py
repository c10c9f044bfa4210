"""An Equinox model with eqx.nn.BatchNorm(axis_name=("batch", "examples")) under
eqx.filter_pmap(axis_name="batch"); the per-device examples are vmapped without an axis name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Net(eqx.Module):
    linear: eqx.nn.Linear
    norm: eqx.nn.BatchNorm

    def __init__(self, key):
        self.linear = eqx.nn.Linear(8, 16, key=key)
        self.norm = eqx.nn.BatchNorm(16, axis_name=("batch", "examples"))

    def __call__(self, x, state):
        return self.norm(self.linear(x), state)


model, state = eqx.nn.make_with_state(Net)(jr.PRNGKey(0))


@eqx.filter_pmap(in_axes=(None, None, 0), out_axes=(0, None), axis_name="batch")
def forward(model, state, x):
    return jax.vmap(model, in_axes=(0, None), out_axes=(0, None))(x, state)


forward.lower(model, state, jnp.ones((jax.local_device_count(), 4, 8)))

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax


class RNN(eqx.Module):
    hidden_size: int = eqx.field(static=True)
    cell: eqx.nn.GRUCell
    linear: eqx.nn.Linear
    bias: jax.Array

    def __init__(self, in_size, out_size, hidden_size, *, key):
        ckey, lkey = jr.split(key)
        self.hidden_size = hidden_size
        self.cell = eqx.nn.GRUCell(in_size, hidden_size, key=ckey)
        self.linear = eqx.nn.Linear(hidden_size, out_size, use_bias=False, key=lkey)
        self.bias = jnp.zeros(out_size)

    def __call__(self, xs):
        # xs: (T, B, in_size), time-major
        batch = xs.shape[1]
        hidden = jnp.zeros((batch, self.hidden_size))
        step_cell = jax.vmap(self.cell)

        def f(carry, inp):
            return step_cell(inp, carry), None

        out, _ = lax.scan(f, hidden, xs)
        return jax.nn.sigmoid(jax.vmap(self.linear)(out) + self.bias)
